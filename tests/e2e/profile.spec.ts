import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { pauseClock } from './support/pause-clock';
import { expect, test } from './support/test';
import { approveNext } from './support/sandbox-wallet';
import { ALICE, BOB, CAROL } from '../../src/sandbox/ledger/demo-accounts';
import { patient } from './support/pace';
import type { PortfolioView } from '../../src/features/portfolio/portfolio-model';
import { formatPaws } from '../../src/lib/format';

/** Alice holds 32 tigers in the sandbox seed (other specs trade a few away), one of them ranked in the top 100. */
const USERNAME = 'Alice Stripes E2E';
const BIO = 'Keeper of twenty-six tigers and one legend.';

/** Connects through the profile page's own button and approves the sign-in. */
async function signInFromProfile(page: Page, name: string): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox Wallet: choose an account' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await approveNext(page);
}

/** How many tigers an account holds now, from the sandbox mirror node. */
async function tigerCount(page: Page, accountId: string): Promise<number> {
  const answer = await page.request.get(`/sandbox/mirror/api/v1/accounts/${accountId}/nfts?token.id=0.0.7000333&limit=100`);
  return ((await answer.json()) as { nfts: unknown[] }).nfts.length;
}

/** Carol's profile in the tests of long words and profile views: one unbroken word each (the longest the form takes). */
const LONG_NAME = `Stripes${'Z'.repeat(25)}`;
const LONG_BIO = `${'Roar'.repeat(60)}!`;
const LONG_HANDLE = 'carol_long_x_15';

/** How far the page scrolls sideways (0 when it fits the window). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The element's box lies within the window's width. */
async function expectWithinWidth(page: Page, locator: import('@playwright/test').Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'element box').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

async function editProfile(page: Page, fields: { username?: string; bio?: string; twitter?: string; isPublic: boolean }): Promise<void> {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  if (fields.username !== undefined) await form.getByLabel('Username').fill(fields.username);
  if (fields.bio !== undefined) await form.getByLabel('Bio').fill(fields.bio);
  if (fields.twitter !== undefined) await form.getByLabel('Twitter handle').fill(fields.twitter);
  await form.getByLabel('Public Profile').setChecked(fields.isPublic);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toBeHidden();
}

async function searchPublicProfiles(page: Page, search: string) {
  await page.goto(`/public-profiles?search=${encodeURIComponent(search)}`);
  await expect(page.getByRole('searchbox', { name: 'Search public profiles' })).toHaveValue(search);
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: USERNAME }) });
}

test.describe.configure({ mode: 'serial' });

test.describe('profile', () => {
  test('a visitor is asked to connect a wallet', async ({ page }) => {
    await page.goto('/wild-tiger-profile');
    await expect(page.getByRole('heading', { name: 'Wallet Connection Required' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });

  test('a holder edits the profile, sets an avatar and appears on /public-profiles only while public', async ({ page }) => {
    // A journey of ten page loads, two axe runs and six saves: over 90 s under two busy loops, each step within its time-out.
    test.setTimeout(patient(150_000));
    await page.goto('/wild-tiger-profile');
    await signInFromProfile(page, 'Alice');
    const count = await tigerCount(page, ALICE);
    expect(count).toBeGreaterThanOrEqual(25);
    await expect(page.getByRole('tab', { name: `Collection (${count})` })).toBeVisible({ timeout: patient(20_000) });
    await expect(page.getByRole('status').filter({ hasText: 'Ownership verified' })).toBeVisible();

    // achievements: every NFT-count milestone (25 or more tigers)
    await expect(page.getByRole('listitem').filter({ hasText: 'Tiger King' })).toContainText('Earned');
    await expect(page.getByRole('listitem').filter({ hasText: 'Mythic Master' })).toContainText('Locked');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // each collection card opens the marketplace's listing modal
    const listButton = page.getByRole('button', { name: /^List Wild Tiger #\d+$/ }).first();
    const tiger = ((await listButton.getAttribute('aria-label')) ?? '').replace(/^List /, '');
    await listButton.click();
    const listingDialog = page.getByRole('dialog', { name: `List ${tiger}` });
    await expect(listingDialog.getByLabel('Price (PAWS)')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(listingDialog).toBeHidden();

    // edit: saved private first, so it must not be listed
    await editProfile(page, { username: USERNAME, bio: BIO, twitter: '@alice_e2e', isPublic: false });
    await expect(page.getByRole('heading', { level: 2, name: USERNAME })).toBeVisible();
    await expect(page.getByText('Private profile')).toBeVisible();
    const twitter = page.getByRole('link', { name: /@alice_e2e/ });
    await expect(twitter).toHaveAttribute('href', 'https://x.com/alice_e2e');
    await expect(twitter).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(twitter).toHaveAttribute('target', '_blank');

    // avatar: Alice's top-100 tiger
    await page.getByRole('tab', { name: 'Set Profile Image' }).click();
    const legendary = page.getByRole('radio', { name: /, Legendary/ }).first();
    const avatarName = ((await legendary.getAttribute('aria-label')) ?? '').split(',')[0] as string;
    await page.locator('label', { has: legendary }).click();
    await expect(legendary).toBeChecked();
    await page.getByRole('button', { name: 'Set as Profile Image' }).click();
    await expect(page.getByText('Profile Image Updated', { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: `${avatarName}, Legendary, current profile image` })).toBeAttached();

    expect(await (await searchPublicProfiles(page, USERNAME)).count()).toBe(0);
    await expect(page.getByRole('heading', { name: 'No Public Profiles Found' })).toBeVisible();

    // make it public: listed with the right badges
    await page.goto('/wild-tiger-profile');
    await expect(page.getByRole('heading', { level: 2, name: USERNAME })).toBeVisible({ timeout: patient(20_000) });
    await editProfile(page, { isPublic: true });
    await expect(page.getByText('Public profile', { exact: true })).toBeVisible();

    const card = await searchPublicProfiles(page, USERNAME);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: avatarName })).toBeVisible();
    await expect(card.getByText('Legendary', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toHaveText(['Legendary Holder', 'Bio Complete', 'Tiger King']);
    await expect(card.getByRole('link', { name: /@alice_e2e/ })).toHaveAttribute('href', 'https://x.com/alice_e2e');
    await expect(card).toContainText(ALICE);
    await expect(page.getByText(/^\d+ profiles? match/)).toBeVisible();

    // private again: gone at once
    await page.goto('/wild-tiger-profile');
    await expect(page.getByRole('heading', { level: 2, name: USERNAME })).toBeVisible({ timeout: patient(20_000) });
    await editProfile(page, { isPublic: false });
    await expect(page.getByText('Private profile')).toBeVisible();
    expect(await (await searchPublicProfiles(page, USERNAME)).count()).toBe(0);
    await expect(page.getByRole('heading', { name: 'No Public Profiles Found' })).toBeVisible();
  });

  test('the public directory searches as you type, keeps the search in the URL and has no accessibility violations', async ({ page }) => {
    await page.goto('/public-profiles');
    const search = page.getByRole('searchbox', { name: 'Search public profiles' });
    await expect(search).toHaveAttribute('placeholder', 'Search by username or wallet ID...');
    await search.fill('no such tiger at all');
    await expect(page).toHaveURL(/\?search=no\+such\+tiger\+at\+all$/);
    await expect(page.getByRole('heading', { name: 'No Public Profiles Found' })).toBeVisible();
    await page.reload();
    await expect(search).toHaveValue('no such tiger at all');
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  test('a directory the server cannot answer yet says so with Try again, and is asked again by itself', async ({ page }) => {
    // As the server answers while the collection's owner map is still being read from the ledger (holdings-service).
    let refusing = true;
    await page.route('**/api/public-profiles?**', (route) =>
      refusing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'The owner map of the collection could not be read from the ledger', code: 'LEDGER_UNAVAILABLE' }),
          })
        : route.continue(),
    );
    await page.clock.install();
    await page.goto('/public-profiles?search=no+such+tiger+at+all');
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to fetch public profiles' });
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Asked again 2 s later, without a click: it heals once the server answers.
    refusing = false;
    await page.clock.fastForward(2_000);
    await expect(page.getByRole('heading', { name: 'No Public Profiles Found' })).toBeVisible();

    // 'Try again' asks at once. The page's clock stands still from here, so no retry of its own can come first (on a
    // busy host the 2 s retry came between the alert showing and the click, which then found its button gone).
    refusing = true;
    await pauseClock(page);
    await page.reload();
    await expect(failure).toBeVisible();
    refusing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'No Public Profiles Found' })).toBeVisible();
  });

  test('the own profile shows its Profit & Loss from the ledger, with the trades as CSV', async ({ page }) => {
    await page.goto('/wild-tiger-profile');
    await signInFromProfile(page, 'Bob');
    const panel = page.getByTestId('portfolio-pnl');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: 'Profit & Loss' })).toBeVisible();
    // Bob's seeded tigers came before any history the ledger shows: held, each without a P&L, said so; every tiger he holds has its row.
    await expect(panel.getByRole('row', { name: /^#\d+ unknown no cost basis/ }).first()).toBeVisible({ timeout: patient(20_000) });
    expect(await panel.getByRole('row', { name: /^#\d+ / }).count()).toBeGreaterThanOrEqual(await tigerCount(page, BOB));
    const link = panel.getByRole('link', { name: 'Download trades (CSV)' });
    await expect(link).toHaveAttribute('href', `/api/portfolio/${BOB}/trades.csv`);
    const csv = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('date,tiger,side,price,currency,USD value,fees,counterparty,transaction id,kind,notes');
    expect(await axeViolations(page, '[data-testid="portfolio-pnl"]')).toEqual([]);

    // Unknown is not 0: a total no tiger counts in shows none, as the API's answer has it.
    const answer = (await (await page.request.get(`/api/portfolio/${BOB}`)).json()) as PortfolioView;
    if (answer.status !== 'complete') throw new Error('Bob’s few trades are read in one load');
    const unrealized = answer.lots.some((lot) => lot.unrealized) ? `${formatPaws(answer.totals.unrealized.paws)} PAWS` : '—';
    await expect(panel.getByTestId('pnl-unrealized')).toHaveText(unrealized);
    const realized = answer.lots.some((lot) => lot.realized);
    if (!realized) await expect(panel.getByTestId('pnl-realized')).toHaveText('—');
    // Each tiger's notes say what set its estimate in a sentence of its own; the rule is said once, below.
    await expect(panel.getByText(/Estimated values: The highest of the collection floor/)).toHaveCount(1);

    // On a phone each tiger is a card with its facts named, not a table squeezed to the width.
    await page.setViewportSize({ width: 360, height: 800 });
    const cards = panel.getByRole('list', { name: 'Each tiger’s P&L' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBe(answer.lots.length);
    await expect(panel.getByRole('table')).toBeHidden();
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, '[data-testid="portfolio-pnl"]')).toEqual([]);
  });

  test('long unbroken words wrap on the own profile and on the public card, at phone and desktop widths', async ({ page }) => {
    test.setTimeout(patient(90_000));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/wild-tiger-profile');
    await signInFromProfile(page, 'Carol');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible({ timeout: patient(20_000) });
    await editProfile(page, { username: LONG_NAME, bio: LONG_BIO, twitter: LONG_HANDLE, isPublic: true });
    const heading = page.getByRole('heading', { level: 2, name: LONG_NAME });
    await expect(heading).toBeVisible();
    for (const width of [390, 320, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page), `own profile at ${width} px`).toBeLessThanOrEqual(0);
      for (const text of [heading, page.getByText(LONG_BIO), page.getByRole('link', { name: new RegExp(`@${LONG_HANDLE}`) })])
        await expectWithinWidth(page, text);
      // the avatar stays beside or above the text, never over it
      const card = heading.locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
      const avatar = await card.getByRole('img').first().boundingBox();
      const bio = await page.getByText(LONG_BIO).boundingBox();
      expect((avatar?.y ?? 0) + (avatar?.height ?? 0) <= (bio?.y ?? 0) || (avatar?.x ?? 0) + (avatar?.width ?? 0) <= (bio?.x ?? 0)).toBe(true);
    }

    for (const width of [320, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/public-profiles?search=${LONG_NAME}`);
      const card = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: LONG_NAME }) });
      await expect(card).toHaveCount(1);
      expect(await sidewaysOverflow(page), `public profiles at ${width} px`).toBeLessThanOrEqual(0);
      await expectWithinWidth(page, card.getByRole('heading', { name: LONG_NAME }));
      await expectWithinWidth(page, card.getByText(LONG_BIO));
    }
  });

  test('a public card opens the holder’s profile at a shareable address, Back and Escape close it, and a view counts once a day', async ({ page, browser }) => {
    test.setTimeout(patient(60_000));
    await page.goto(`/public-profiles?search=${LONG_NAME}`);
    const link = page.getByRole('main').getByRole('link', { name: LONG_NAME });
    await link.click();
    const profileUrl = new RegExp(`/public-profiles\\?account=${CAROL.replaceAll('.', '\\.')}$`);
    await expect(page).toHaveURL(profileUrl);
    // The search box's pause (350 ms) must not write its search into the profile's address.
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(profileUrl);
    const profile = page.getByRole('region', { name: LONG_NAME });
    await expect(profile.getByRole('heading', { level: 2, name: LONG_NAME })).toBeFocused();
    await expect(profile).toContainText(LONG_BIO);
    await expect(profile).toContainText(CAROL);
    const views = profile.locator('dl > div').filter({ hasText: 'Profile Views' }).getByRole('definition');
    const counted = Number(await views.innerText());
    expect(counted).toBeGreaterThanOrEqual(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('searchbox', { name: 'Search public profiles' })).toBeHidden();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Back closes it; the directory is there again
    await page.goBack();
    await expect(profile).toBeHidden();
    await expect(page).toHaveURL(/\?search=/);
    await expect(link).toBeVisible();

    // by keyboard: Enter opens, Escape closes and gives focus back to the card
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(profile.getByRole('heading', { level: 2, name: LONG_NAME })).toBeFocused();
    await expect(views).toHaveText(String(counted)); // the same viewer, the same day: not counted again
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await expect(link).toBeFocused();

    // the shared address opens the profile directly; 'All profiles' leads to the directory
    await page.goto(`/public-profiles?account=${CAROL}`);
    await expect(profile.getByRole('heading', { level: 2, name: LONG_NAME })).toBeVisible();
    await expect(views).toHaveText(String(counted));
    await profile.getByRole('button', { name: 'All profiles' }).click();
    await expect(page).toHaveURL(/\/public-profiles$/);
    await expect(page.getByRole('searchbox', { name: 'Search public profiles' })).toBeVisible();

    // another visitor counts once
    const other = await browser.newContext({ userAgent: 'Another visitor (e2e)' });
    const visitor = await other.newPage();
    await visitor.goto(`/public-profiles?account=${CAROL}`);
    const seen = visitor.getByRole('region', { name: LONG_NAME }).locator('dl > div').filter({ hasText: 'Profile Views' }).getByRole('definition');
    await expect(seen).toHaveText(String(counted + 1));
    await other.close();
  });
});
