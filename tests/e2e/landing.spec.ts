import type { Locator, Page } from '@playwright/test';
import { E2E_BUILD_ENV } from './support/e2e-build';
import { expect, test } from './support/test';
import { patient } from './support/pace';

/**
 * The community channels as configured for the e2e build (PUBLIC_DISCORD_URL, PUBLIC_X_URL): the
 * project's own Discord and X accounts, then the explorer and the marketplace, each in a new tab.
 */
async function expectChannels(area: Locator): Promise<void> {
  const channels = [
    [/^Discord/, E2E_BUILD_ENV.PUBLIC_DISCORD_URL],
    [/^X \(Twitter\)/, E2E_BUILD_ENV.PUBLIC_X_URL],
    [/^HashScan/, 'https://hashscan.io/mainnet/token/0.0.9296439'],
    [/^SentX/, 'https://sentx.io'],
  ] as const;
  for (const [name, href] of channels) {
    const link = area.getByRole('link', { name });
    await expect(link, `the ${name.source} channel (build with tests/e2e/support/build-site.ts)`).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  }
  await expect(area.locator('a[href*="hedera.com/discord"], a[href*="x.com/search"]')).toHaveCount(0);
}

/** The sandbox network's fixed prices (src/sandbox/prices/price-apis.ts, read through the production price source). */
const SANDBOX = { paws: '$0.000418', pawsChange: '-1.20%', marketCap: '$400.17K', hbar: '$0.1825', hbarChange: '+2.35%' };
const PAWS_TOKEN_ID = '0.0.9296439';

async function nftTokenId(page: Page): Promise<string> {
  const url = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => name.includes('/api/market/whales/')),
  );
  return new URL(url ?? 'http://x/api/market/whales/unknown').pathname.split('/').pop() ?? '';
}

test.describe('landing page', () => {
  test('has the sections of spec 000 §2 in order, then the footer', async ({ page }) => {
    await page.goto('/');
    const sections = await page.locator('main#main > section').evaluateAll((elements) => elements.map((element) => element.id));
    expect(sections).toEqual(['home', 'collection', 'paws', 'roadmap', 'partners', 'community']);
    expect(await page.evaluate(() => document.querySelector('main#main')?.nextElementSibling?.tagName)).toBe('FOOTER');
    await expect(page.locator('section#home h1')).toHaveText('Join The Roarvolution!');
  });

  test('collection: supply, minted, holders from the API, the mint and Explore Marketplace', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#collection');
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('dt', { hasText: 'Total Supply' }).locator('+ dd')).toHaveText('3,333');
    await expect(section.locator('dt', { hasText: /^Minted$/ }).locator('+ dd')).toHaveText('3,327');
    await expect(section).toContainText('Minted for 45 Hbar');
    await expect(section.locator('time[datetime="2024-06-02"]')).toHaveText('June 2, 2024');
    await expect(section.getByRole('link', { name: 'Explore Marketplace' })).toHaveAttribute('href', '/marketplace');

    const holders = section.getByTestId('holders-value');
    await expect(holders).toHaveText(/^\d{1,3}(,\d{3})*$/);
    const token = await nftTokenId(page);
    const answer = (await (await page.request.get(`/api/market/whales/${token}`)).json()) as { ownerCount: number };
    await expect(holders).toHaveText(answer.ownerCount.toLocaleString('en-US'));
  });

  test('holders: a skeleton while loading, N/A when the call fails', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/market/whales/**', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
    });
    await page.goto('/');
    const holders = page.locator('section#collection').getByTestId('holders-value');
    await holders.scrollIntoViewIfNeeded();
    await expect(holders).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(holders).toHaveText('N/A');
  });

  test('PAWS token: id, supply, burned, prices, market cap, price sources and Buy $PAWS', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#paws');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('paws-token-id')).toHaveText(PAWS_TOKEN_ID);
    await expect(section.locator('dt', { hasText: 'Total Supply' }).locator('+ dd')).toHaveText('1,000,000,000');
    await expect(section.locator('dt', { hasText: 'Burned' }).locator('+ dd')).toHaveText('42.659M');

    await expect(section.getByRole('tab', { name: 'PAWS Price' })).toHaveAttribute('aria-selected', 'true');
    await expect(section.getByTestId('paws-price')).toContainText(SANDBOX.paws);
    await expect(section.getByTestId('paws-price')).toContainText(SANDBOX.pawsChange);
    await expect(section.getByTestId('paws-market-cap')).toHaveText(SANDBOX.marketCap);

    const buy = section.getByRole('link', { name: /Buy \$PAWS/ });
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(buy).toHaveAttribute('rel', /\bnoreferrer\b/);
    await expect(buy).toHaveAttribute('href', new RegExp(`^https://www\\.saucerswap\\.finance/swap/HBAR/${PAWS_TOKEN_ID}`));

    for (const source of ['SaucerSwap', 'DexScreener', 'CoinGecko', 'HashScan']) {
      const link = section.getByRole('listitem').getByRole('link', { name: new RegExp(`^${source}`) });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
  });

  test('price tabs switch with the keyboard', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#paws');
    await section.scrollIntoViewIfNeeded();
    const pawsTab = section.getByRole('tab', { name: 'PAWS Price' });
    const hbarTab = section.getByRole('tab', { name: 'HBAR Price' });
    await expect(section.getByTestId('paws-price')).toContainText(SANDBOX.paws);

    await pawsTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(hbarTab).toBeFocused();
    await expect(hbarTab).toHaveAttribute('aria-selected', 'true');
    await expect(pawsTab).toHaveAttribute('tabindex', '-1');
    const hbarPanel = section.getByRole('tabpanel', { name: 'HBAR Price' });
    await expect(hbarPanel).toBeVisible();
    await expect(hbarPanel.getByTestId('hbar-price')).toContainText(SANDBOX.hbar);
    await expect(hbarPanel.getByTestId('hbar-price')).toContainText(SANDBOX.hbarChange);
    await expect(section.getByRole('tabpanel', { name: 'PAWS Price' })).toBeHidden();

    await page.keyboard.press('ArrowLeft');
    await expect(pawsTab).toBeFocused();
    await expect(section.getByRole('tabpanel', { name: 'PAWS Price' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(hbarTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(pawsTab).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the tab list for the active panel.
    await page.keyboard.press('Tab');
    await expect(section.getByRole('tabpanel', { name: 'PAWS Price' })).toBeFocused();
  });

  test('missing prices show N/A', async ({ page }) => {
    await page.route('**/api/paws/price', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: false, price: null, priceChange24h: null, marketCap: null, source: 'none' }),
      }),
    );
    await page.route('**/api/hbar/price', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/');
    const section = page.locator('section#paws');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('paws-price')).toContainText('N/A');
    await expect(section.getByTestId('paws-market-cap')).toHaveText('N/A');
    // No 'live' dot over prices that are not there.
    await expect(section.getByTestId('price-freshness')).toHaveText('Price unavailable right now');
    await section.getByRole('tab', { name: 'HBAR Price' }).click();
    await expect(section.getByTestId('hbar-price')).toContainText('N/A');
    await expect(section.getByTestId('price-freshness')).toHaveText('Price unavailable right now');
  });

  test('a balance that failed to load says so instead of showing zeros', async ({ page }) => {
    await page.route('**/api/balance/fast/**', (route) =>
      route.fulfill({ status: 503, json: { error: 'Failed to get balances from API', code: 'BALANCE_UNAVAILABLE' } }),
    );
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page
      .getByRole('dialog', { name: 'Sandbox Wallet: choose an account' })
      .getByRole('button', { name: /^Carol/ })
      .click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('balance-hbar')).toHaveText(/Unable to load/);
    await expect(page.getByTestId('balance-paws')).toHaveText(/0 PAWS/);
  });

  test('live prices say they are updated every minute', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#paws');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('paws-price')).not.toContainText('N/A');
    await expect(section.getByTestId('price-freshness')).toHaveText('Updated every minute');
  });

  test('prices are fetched again every 60 s', async ({ page }) => {
    await page.clock.install();
    const calls = { paws: 0, hbar: 0 };
    page.on('request', (request) => {
      if (request.url().endsWith('/api/paws/price')) calls.paws += 1;
      if (request.url().endsWith('/api/hbar/price')) calls.hbar += 1;
    });
    await page.goto('/');
    await page.locator('section#paws').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('paws-price')).toContainText(SANDBOX.paws);
    // The HBAR price (its tab not shown) has its first answer too: a read still in flight is not asked twice, so on a
    // busy host a minute fast-forwarded while it was pending asked nothing (CI: one HBAR call after 90 s of page time).
    await expect(page.getByTestId('hbar-price')).toContainText(SANDBOX.hbar);
    expect(calls).toEqual({ paws: 1, hbar: 1 });
    await page.clock.fastForward(30_000);
    expect(calls).toEqual({ paws: 1, hbar: 1 });
    await page.clock.fastForward(31_000);
    // Each price's minute runs from its own first answer: on a busy host the HBAR price's came seconds after the PAWS
    // one's (CI: still one call at 61 s). The page's time goes on a second at a time until both have asked again.
    await expect
      .poll(async () => {
        if (calls.paws < 2 || calls.hbar < 2) await page.clock.runFor(1_000);
        return calls;
      })
      .toEqual({ paws: 2, hbar: 2 });
  });

  test('roadmap: two completed phases and one in progress', async ({ page }) => {
    await page.goto('/');
    const phases = page
      .locator('section#roadmap')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(phases).toHaveCount(3);
    await expect(phases.nth(0)).toContainText('Phase 1');
    await expect(phases.nth(0)).toContainText('Genesis');
    await expect(phases.nth(0)).toContainText('Completed');
    await expect(phases.nth(0)).toContainText('3,326');
    await expect(phases.nth(1)).toContainText('$PAWS Launch');
    await expect(phases.nth(1)).toContainText('Completed');
    await expect(phases.nth(2)).toContainText('BBQ sauce brand and Tiger Cub NFT');
    await expect(phases.nth(2)).toContainText('In Progress');
  });

  test('partners: three cards with external links; community: chat and social links', async ({ page }) => {
    await page.goto('/');
    const partners = page.locator('section#partners').getByRole('listitem');
    await expect(partners).toHaveCount(3);
    for (const card of await partners.all()) {
      const link = card.getByRole('link');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
    const community = page.locator('section#community');
    await expectChannels(community);
    await expect(community).toContainText('What are Wild Tigers?');
    await expect(community).toContainText('What is $PAWS?');
    await expect(community).toContainText('How do I buy a Wild Tiger?');
  });

  test('every link to another site opens in a new tab without an opener', async ({ page, baseURL }) => {
    await page.goto('/');
    const links = await page
      .locator('a[href]')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => ({ href: (anchor as HTMLAnchorElement).href, target: anchor.getAttribute('target'), rel: anchor.getAttribute('rel') ?? '' })),
      );
    const external = links.filter((link) => link.href.startsWith('http') && new URL(link.href).origin !== new URL(baseURL ?? '').origin);
    expect(external.length).toBeGreaterThan(10);
    for (const link of external) {
      expect(link.target, link.href).toBe('_blank');
      expect(link.rel.split(/\s+/), link.href).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    }
  });

  test('metadata: default title, description, keywords, social cards, canonical and JSON-LD', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('3,333 unique digital tigers on Hedera blockchain with $PAWS token | Wild Tigers');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /3,333/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\$PAWS/);
    for (const property of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type']) {
      await expect(page.locator(`meta[property="${property}"]`)).toHaveAttribute('content', /.+/);
    }
    for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      await expect(page.locator(`meta[name="${name}"]`)).toHaveAttribute('content', /.+/);
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(jsonLd.map((item) => item['@type'])).toEqual(['WebSite', 'Organization', 'FAQPage']);
    const faq = jsonLd[2] as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity.map((question) => question.name)).toEqual(['What are Wild Tigers?', 'What is $PAWS?', 'How do I buy a Wild Tiger?']);
    expect(faq.mainEntity[2]?.acceptedAnswer.text).toMatch(/Connect your Hedera wallet, browse the listings and confirm the purchase/);
  });
});

test.describe('the signed-in balance line', () => {
  test('is hidden until a wallet connects, shows skeletons until signed in, then HBAR and PAWS', async ({ page }) => {
    await page.goto('/');
    const line = page.getByTestId('balance-line');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible();
    await expect(line).toHaveCount(0);

    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: /^Dave/ }).click();
    // Connected, not signed in yet: skeletons.
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('aria-busy', 'true');
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' });
    await expect(prompt).toBeVisible({ timeout: patient(15_000) });
    await expect(line).toHaveAttribute('aria-busy', 'true');
    await prompt.getByRole('button', { name: 'Approve' }).click();

    await expect(line).toHaveAttribute('aria-busy', 'false');
    await expect(line.getByTestId('balance-hbar')).toHaveText(/^ℏ?[\d,]+\.\d{2} HBAR$/);
    await expect(line.getByTestId('balance-paws')).toHaveText(/[\d,.]+ PAWS$/);
  });
});

test.describe('static pages', () => {
  test('help: the 11 FAQ entries open with the keyboard, and the community channels', async ({ page }) => {
    await page.goto('/help');
    const entries = page.getByTestId('faq-entry');
    await expect(entries).toHaveCount(11);
    const first = entries.first();
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await expect(first).toContainText('3,333');
    await expectChannels(page.getByRole('main'));
    await expect(page.getByRole('main')).toContainText('meet fellow tigers on the Community page');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@type': string; mainEntity: unknown[] };
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity).toHaveLength(11);
  });

  test('contact: community links, the support e-mail, 24-48 hours and a small FAQ', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByTestId('support-email')).toHaveAttribute('href', 'mailto:support@wildtigers.io');
    await expect(main).toContainText('24-48 hours');
    await expectChannels(main);
    expect(await main.getByTestId('faq-entry').count()).toBeGreaterThanOrEqual(3);
  });

  test('about: static text about the collection and $PAWS', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main).toContainText('3,333');
    await expect(main).toContainText(PAWS_TOKEN_ID);
  });

  test('terms: 10 sections', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link')).toHaveCount(10);
    await expect(page.getByRole('main')).toContainText('Questions about these terms: support@wildtigers.io or our Contact page.');
  });

  test('privacy: 12 sections; requests answered within 30 days', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(12);
    await expect(page.getByRole('main')).toContainText('Privacy requests are answered within 30 days');
    await expect(page.getByRole('main')).toContainText('Questions: support@wildtigers.io or our Contact page.');
    for (const stored of ['account id', 'username', 'listings', 'Sales', 'session cookie', 'no tracking']) {
      await expect(page.getByRole('main')).toContainText(new RegExp(stored, 'i'));
    }
  });
});

test.describe('SEO', () => {
  test('every page has its title, description, keywords, social cards and canonical link', async ({ page }) => {
    const paths = [
      '/',
      '/marketplace',
      '/paws-marketplace',
      '/collection',
      '/wild-tiger-profile',
      '/public-profiles',
      '/help',
      '/about',
      '/contact',
      '/terms',
      '/privacy',
    ];
    const titles = new Set<string>();
    for (const path of paths) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toMatch(/ \| Wild Tigers$/);
      titles.add(title);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[name="keywords"]'), path).toHaveAttribute('content', /.+/);
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute('content', /\/og-image\.png$/);
      await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute('content', 'summary_large_image');
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname, path).toBe(path);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', canonical ?? '');
    }
    expect(titles.size).toBe(paths.length);
  });

  test('the marketplace pages carry CollectionPage structured data', async ({ page }) => {
    for (const path of ['/marketplace', '/collection']) {
      await page.goto(path);
      const items = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(
        items.map((item) => item['@type']),
        path,
      ).toContain('CollectionPage');
    }
  });

  test('sitemap.xml lists every page on the configured origin; robots.txt points at it', async ({ page }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(locs).toEqual([
      '/',
      '/marketplace',
      '/paws-marketplace',
      '/collection',
      '/wild-tiger-profile',
      '/public-profiles',
      '/help',
      '/about',
      '/contact',
      '/terms',
      '/privacy',
    ]);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test('favicon, touch icon and social image are served', async ({ page }) => {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/og-image.png', 'image/png'],
    ] as const) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toBe(type);
    }
  });
});
