import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { clickBelowCards } from './support/market-flows';
import { countIslandCommits } from './support/react-commits';
import { watchRequests } from './support/quiet-network';
import { expect, test } from './support/test';
import { tigerTraits } from '../../src/sandbox/collection/metadata';
import { patient } from './support/pace';
import { type TraitFloorsAnswer, traitValueFloor } from '../../src/features/trait-floors/trait-floor-rules';
import { formatPaws } from '../../src/lib/format';

const SERIALS = Array.from({ length: 3333 }, (_, index) => index + 1);
const count = (match: (traits: ReturnType<typeof tigerTraits>) => boolean) => SERIALS.filter((serial) => match(tigerTraits(serial))).length;
const showing = (shown: number, total: number, page: number, pages: number) =>
  `Showing ${shown} of ${total.toLocaleString('en-US')} Wild Tigers (Page ${page} of ${pages})`;

const summary = (page: Page) => page.getByTestId('collection-summary');
const cards = (page: Page) => page.getByTestId('collection-grid').getByRole('article');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Collection pages' });

async function openCollection(page: Page, query = ''): Promise<void> {
  await page.goto(`/collection${query}`);
  await expect(cards(page).first()).toBeVisible({ timeout: patient(20_000) });
}

/** Opens a trait group of the filter panel and ticks one value. */
async function tick(page: Page, type: string, value: string): Promise<void> {
  const group = page.getByRole('group', { name: type });
  if (!(await group.isVisible())) await page.locator('summary', { hasText: new RegExp(`^${type}`) }).click();
  await group.getByRole('checkbox', { name: new RegExp(`^${value}, `) }).check();
}

test.describe('collection browser', () => {
  test('shows the stat tiles, the first page of 44, the chart and the about box', async ({ page }) => {
    await openCollection(page);
    await expect(summary(page)).toHaveText(showing(44, 3333, 1, 76));
    await expect(cards(page)).toHaveCount(44);
    await expect(cards(page).first()).toContainText('Wild Tiger #1');
    await expect(page.getByTestId('stat-floor')).toHaveText(/^\d[\d,.]* HBAR$/);
    await expect(page.getByTestId('stat-holders')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('stat-listed')).toHaveText('30');
    await expect(page.getByTestId('stat-listed-percent')).toHaveText('0.9%');
    await expect(page.getByPlaceholder('Search by name or #...')).toBeVisible();
    await expect(page.getByRole('img', { name: /Floor price and sales per day/ })).toHaveAccessibleDescription(
      /Daily floor price and sales of the last 30 days/,
    );
    const about = page.getByRole('region', { name: 'About the collection' });
    await expect(about).toContainText('3,333');
    await expect(about).toContainText('3,328');
    await expect(about).toContainText('Hedera');
  });

  test("searching '#12' finds serial 12 alone; clearing the search brings everything back", async ({ page }) => {
    await openCollection(page);
    await page.getByLabel('Search', { exact: true }).fill('#12');
    await expect(summary(page)).toHaveText('Found 1 Wild Tiger matching "#12"');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading')).toHaveText('Wild Tiger #12');
    await expect(page).toHaveURL(/\?search=%2312$/);
    await page.getByLabel('Search', { exact: true }).fill('');
    await expect(summary(page)).toHaveText(showing(44, 3333, 1, 76));
  });

  test('trait filters narrow the count to the tigers that match (OR within a type, AND across types)', async ({ page }) => {
    await openCollection(page);
    const golden = count((traits) => traits.Fur === 'Golden');
    await tick(page, 'Fur', 'Golden');
    await expect(summary(page)).toHaveText(showing(44, golden, 1, Math.ceil(golden / 44)));

    const goldenOrGhostBlue = count((traits) => (traits.Fur === 'Golden' || traits.Fur === 'Ghost') && traits.Eye_Color === 'Blue');
    await tick(page, 'Fur', 'Ghost');
    await tick(page, 'Eye Color', 'Blue');
    await expect(summary(page)).toHaveText(showing(Math.min(44, goldenOrGhostBlue), goldenOrGhostBlue, 1, Math.ceil(goldenOrGhostBlue / 44)));
    // Each value also names its floor across both markets (the whole collection's, whatever the other filters).
    const floors = (await (await page.request.get('/api/collection/trait-floors')).json()) as TraitFloorsAnswer;
    const blueFloor = traitValueFloor(floors, 'Eye_Color', 'Blue')?.floor;
    await expect(page.getByRole('group', { name: 'Eye Color' }).getByRole('checkbox', { name: /^Blue, / })).toHaveAccessibleName(
      `Blue, ${goldenOrGhostBlue} tigers${blueFloor ? `, floor ${formatPaws(blueFloor.paws)} PAWS` : ''}`,
    );
    for (const card of await cards(page).all()) {
      await expect(card).toContainText(/Fur\s*(Golden|Ghost)/);
      await expect(card).toContainText(/Eye Color\s*Blue/);
    }
    await expect(page).toHaveURL(/traits=Fur%3AGolden%2CFur%3AGhost%2CEye_Color%3ABlue/);

    await page.getByRole('button', { name: 'Remove filter Eye Color: Blue' }).click();
    const goldenOrGhost = count((traits) => traits.Fur === 'Golden' || traits.Fur === 'Ghost');
    await expect(summary(page)).toHaveText(showing(44, goldenOrGhost, 1, Math.ceil(goldenOrGhost / 44)));
  });

  test('sorting by rarity shows rank 1 first; price sorts lead with listed tigers', async ({ page }) => {
    await openCollection(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Rarity rarest first' });
    await expect(cards(page).first().getByTestId('rank')).toHaveText('Rank 1 / 3,333');
    await expect(page).toHaveURL(/sort=rarity/);

    await page.getByLabel('Sort by').selectOption('price-high');
    await expect(cards(page).first().getByTestId('price')).toHaveText(/HBAR$/);
    await expect(cards(page).nth(35).getByTestId('price')).toHaveText('Not listed');
  });

  test('pages through to page 76 with a window of 5 pages, and a new page starts at the top', async ({ page }) => {
    await openCollection(page);
    await clickBelowCards(pages(page).getByRole('button', { name: 'Next' }));
    await expect(summary(page)).toHaveText(showing(44, 3333, 2, 76));
    await expect(pages(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first()).toContainText('Wild Tiger #45');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(900);

    await pages(page).getByLabel('Go to page').fill('75');
    await clickBelowCards(pages(page).getByRole('button', { name: 'Go' }));
    await expect(summary(page)).toHaveText(showing(44, 3333, 75, 76));
    await clickBelowCards(pages(page).getByRole('button', { name: 'Next' }));
    await expect(summary(page)).toHaveText(showing(33, 3333, 76, 76));
    await expect(pages(page).getByRole('button', { name: /^Page / })).toHaveText(['72', '73', '74', '75', '76']);
    await expect(pages(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(cards(page).last()).toContainText('Wild Tiger #3333');
    await expect(cards(page).last()).toContainText('Not Minted');
    await expect(page).toHaveURL(/\?page=76$/);
  });

  test('renders once per answer, not per loading flag, and marks the shown page "Updating…" while the next one loads', async ({ page }) => {
    const commits = await countIslandCommits(page);
    const quiet = watchRequests(page);
    await openCollection(page);
    await expect(page.getByTestId('stat-holders')).toHaveText(/^\d[\d,]*$/);
    await quiet();
    // 8 counted on a quiet host: hydration and the page's view, the floor, the holders, the page (the
    // change, then the cards in a transition), the chart's stats, the trait filter's floors. One more
    // is an answer of its own: the floors read again on a live listing event of the worker's earlier
    // tests, or two answers a busy host renders in two frames. It was 10, before the trait floors,
    // when the page's and the chart's loading flags each rendered the whole browser.
    expect((await commits()).CollectionBrowser).toBeLessThanOrEqual(9);

    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/collection/complete/**page=2*', async (route) => {
      await held;
      await route.continue();
    });
    await clickBelowCards(pages(page).getByRole('button', { name: 'Next' }));
    await expect(summary(page)).toContainText('Updating…');
    await expect(cards(page).first()).toContainText('Wild Tiger #1');
    release();
    await expect(summary(page)).toHaveText(showing(44, 3333, 2, 76));
  });

  test('a reload keeps the view, and Back returns to the previous one', async ({ page }) => {
    await openCollection(page);
    await page.getByLabel('Sort by').selectOption('price-low');
    await tick(page, 'Mouth', 'Roar');
    await clickBelowCards(pages(page).getByRole('button', { name: 'Page 2' }));
    const roar = count((traits) => traits.Mouth === 'Roar');
    const expected = showing(44, roar, 2, Math.ceil(roar / 44));
    await expect(summary(page)).toHaveText(expected);
    // The DOM's text: innerText is '' for a card not rendered yet (content-visibility: auto, while the page scrolls to the top).
    const firstName = (await cards(page).first().getByRole('heading').textContent()) ?? '';
    expect(firstName).toMatch(/^Wild Tiger #\d+$/);

    await page.reload();
    await expect(summary(page)).toHaveText(expected);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
    await expect(page.getByRole('group', { name: 'Mouth' }).getByRole('checkbox', { name: /^Roar, / })).toBeChecked();
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstName);

    await page.goBack();
    await expect(summary(page)).toHaveText(showing(44, roar, 1, Math.ceil(roar / 44)));
    await page.goBack();
    await expect(summary(page)).toHaveText(showing(44, 3333, 1, 76));
    await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  });

  test("an unmatched search says 'No Tigers Found' and offers to clear it", async ({ page }) => {
    await page.goto('/collection?search=no%20such%20tiger');
    await expect(page.getByText('No Tigers Found')).toBeVisible({ timeout: patient(20_000) });
    await expect(summary(page)).toHaveText('Found 0 Wild Tigers matching "no such tiger"');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(summary(page)).toHaveText(showing(44, 3333, 1, 76));
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  });

  test('has no axe violations with filters open, on a phone too', async ({ page }) => {
    test.slow();
    await openCollection(page, '?traits=Fur%3AGolden');
    await expect(page.getByRole('group', { name: 'Fur' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('button', { name: /^Hide filters/ })).toHaveAttribute('aria-expanded', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});
