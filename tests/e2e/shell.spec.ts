import { axeViolations } from './support/axe';
import { expect, test } from './support/test';
import { patient } from './support/pace';

const ROUTES: [path: string, heading: string][] = [
  ['/', 'Join The Roarvolution!'],
  ['/marketplace', 'Wild Tigers Marketplace'],
  ['/paws-marketplace', 'PAWS Marketplace'],
  ['/collection', 'Wild Tigers Collection Browser'],
  ['/wild-tiger-profile', 'My Wild Tiger Profile'],
  ['/public-profiles', 'Wild Tigers Community'],
  ['/help', 'Help Center'],
  ['/about', 'About Wild Tigers'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
];

test.describe('routes', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} answers 200 with its heading and metadata`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(/\| Wild Tigers$/);
      const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '', baseURL);
      expect(canonical.pathname).toBe(path);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Wild Tigers/);
      await expect(page.locator('main#main')).toHaveCount(1);
    });
  }

  test('the landing page uses the default title and has the #home section', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('3,333 unique digital tigers on Hedera blockchain with $PAWS token | Wild Tigers');
    await expect(page.locator('section#home')).toContainText('Join The Roarvolution!');
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-tiger');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

test.describe('navigation', () => {
  const mainNav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

  test('links point where the spec says, with Home as #home on the landing page', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#home');
    await expect(nav.getByRole('link', { name: /^Marketplace/ })).toHaveAttribute('href', '/marketplace');
    await expect(nav.getByRole('link', { name: 'PAWS Market' })).toHaveAttribute('href', '/paws-marketplace');
    await expect(nav.getByRole('link', { name: 'Collection' })).toHaveAttribute('href', '/collection');
    await expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/public-profiles');
  });

  test('on the collection page Home leads to /#home and Collection is the current page', async ({ page }) => {
    await page.goto('/collection');
    const nav = mainNav(page);
    const home = nav.getByRole('link', { name: 'Home' });
    await expect(home).toHaveAttribute('href', '/#home');
    await expect(nav.getByRole('link', { name: 'Collection' })).toHaveAttribute('aria-current', 'page');
    await home.click();
    await expect(page).toHaveURL(/\/#home$/);
    await expect(page.locator('section#home')).toBeVisible();
  });

  test('the Home hash rule also holds on the marketplace pages', async ({ page }) => {
    for (const path of ['/marketplace', '/paws-marketplace']) {
      await page.goto(path);
      await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/#home');
    }
  });

  test('the bar turns solid after scrolling more than 100 px', async ({ page }) => {
    await page.goto('/');
    const nav = page.locator('nav[data-site-nav]');
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
    const backdropAlpha = () => nav.evaluate((element) => Number(getComputedStyle(element).backgroundColor.match(/[\d.]+(?=\))/)?.[0] ?? 1));
    await expect.poll(backdropAlpha).toBe(0);
    // Before the threshold, the hero that moves under the bar is kept from showing through it.
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(backdropAlpha).toBeGreaterThanOrEqual(0.8);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(nav).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
  });

  test('a skip link jumps to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe('navigation on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is collapsed, the toggle opens it and Escape closes it', async ({ page }) => {
    await page.goto('/collection');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const collection = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
    await expect(collection).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(collection).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(collection).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('the open menu is usable by keyboard', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const paws = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PAWS Market' });
    await paws.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/paws-marketplace$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the footer has the quick and support links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const quick = footer.getByRole('navigation', { name: 'Quick Links' });
  for (const [name, href] of [
    ['Collection', '/collection'],
    ['Marketplace', '/marketplace'],
    ['PAWS Market', '/paws-marketplace'],
    ['My Profile', '/wild-tiger-profile'],
    ['Community', '/public-profiles'],
  ] as const) {
    await expect(quick.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const support = footer.getByRole('navigation', { name: 'Support' });
  for (const href of ['/help', '/about', '/contact', '/terms', '/privacy']) {
    await expect(support.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer).toContainText(/© \d{4} Wild Tigers/);
});

test('the toast viewport is mounted with its F8 hotkey label', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();
});

test.describe('accessibility', () => {
  // A full axe analysis of a page takes seconds of the browser's time, more with three workers on two cores.
  test.slow();

  // /collection is scanned by collection.spec.ts with its filters open, at desktop and phone widths.
  for (const path of [...ROUTES.map(([route]) => route).filter((route) => route !== '/collection'), '/no-such-tiger']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      // Let the islands hydrate (slower while the other worker loads a page too) and the landing page's live figures arrive.
      await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first()).toBeEnabled({ timeout: patient(20_000) });
      if (path === '/') {
        // client:visible islands hydrate once scrolled into view.
        await page.locator('section#collection').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('holders-value')).not.toHaveAttribute('aria-busy', 'true');
        await page.locator('section#paws').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('paws-price')).toBeVisible();
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the landing page with a signed-in wallet, its balances and the open wallet menu has no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: /^Dave/ }).click();
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet: signature request' });
    await expect(prompt).toBeVisible({ timeout: patient(15_000) });
    expect(await axeViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('balance-line')).toHaveAttribute('aria-busy', 'false');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('wallet-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a toast loads the toaster on demand and is accessible', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Sandbox Wallet: choose an account' }).getByRole('button', { name: 'Cancel' }).click();
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(region).toContainText('Connection Failed');
    await expect(region.getByRole('button', { name: /close/i })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
