/** GET /api/paws/listings sorts and filters on the server (issue 20 item 4), and refuses bad sort/filter values. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { listForPaws } from '../support/paws-trades';
import { ALICE, CAROL, call, ownedSerials } from '../support/sandbox-client';

interface Listed {
  id: string;
  serialNumber: number;
  pawsPrice: string;
  rarityRank: number | null;
  traits: { trait_type: string; value: string }[];
}
interface Page {
  listings: Listed[];
  total: number;
  allTotal: number;
  traitCounts: Record<string, Record<string, number>>;
}

const suite = sandboxSuite({ holders: [ALICE, CAROL] });

const page = async (query: string) => {
  const answer = await call<Page>(suite.origin, 'GET', `/api/paws/listings?${query}`);
  expect(answer.status).toBe(200);
  return answer.json;
};

beforeAll(async () => {
  const [a1, a2] = await ownedSerials(suite.origin, ALICE);
  const [c1, c2] = await ownedSerials(suite.origin, CAROL);
  // Listed in this order (oldest first) at these prices.
  await listForPaws(suite.holder(ALICE), a1 as number, '300');
  await listForPaws(suite.holder(CAROL), c1 as number, '12.5');
  await listForPaws(suite.holder(ALICE), a2 as number, '1000');
  await listForPaws(suite.holder(CAROL), c2 as number, '99.99');
}, 120_000);

describe('GET /api/paws/listings: sort and filter', () => {
  it('sorts newest first by default, by price both ways and by rarity', async () => {
    const newest = await page('');
    expect(newest.total).toBe(4);
    expect(newest.listings.map((entry) => entry.pawsPrice)).toEqual(['99.99', '1000', '12.5', '300']);
    expect((await page('sort=price-low')).listings.map((entry) => entry.pawsPrice)).toEqual(['12.5', '99.99', '300', '1000']);
    expect((await page('sort=price-high')).listings.map((entry) => entry.pawsPrice)).toEqual(['1000', '300', '99.99', '12.5']);
    const ranks = (await page('sort=rarity')).listings.map((entry) => entry.rarityRank ?? Number.POSITIVE_INFINITY);
    expect(ranks).toEqual(ranks.toSorted((a, b) => a - b));
  });

  it('pages the sorted list, not one page sorted', async () => {
    const first = await page('sort=price-low&limit=2&page=1');
    const second = await page('sort=price-low&limit=2&page=2');
    expect([...first.listings, ...second.listings].map((entry) => entry.pawsPrice)).toEqual(['12.5', '99.99', '300', '1000']);
    expect(second.total).toBe(4);
  });

  it('filters by traits and counts each value of the listed tigers', async () => {
    const all = await page('');
    const trait = all.listings[0]?.traits[0];
    if (!trait) throw new Error('the sandbox tigers have traits');
    const expected = all.listings.filter((entry) => entry.traits.some((t) => t.trait_type === trait.trait_type && t.value === trait.value));
    expect(all.traitCounts[trait.trait_type]?.[trait.value]).toBe(expected.length);
    const filtered = await page(`traits=${encodeURIComponent(`${trait.trait_type}:${trait.value}`)}&sort=price-high`);
    expect(filtered.total).toBe(expected.length);
    expect(filtered.allTotal).toBe(4);
    expect(filtered.listings.map((entry) => entry.id).sort()).toEqual(expected.map((entry) => entry.id).sort());
    expect((await page(`traits=${encodeURIComponent(`${trait.trait_type}:No such value`)}`)).total).toBe(0);
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['sort=', 'sort'],
    ['traits=Fur', 'traits'],
    ['traits=Fur:Golden:Extra', 'traits'],
    [`traits=${'a'.repeat(1001)}`, 'traits'],
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
  ])('answers 400 with a JSON error for %s', async (query, field) => {
    const answer = await call<{ error: string; code: string }>(suite.origin, 'GET', `/api/paws/listings?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBeTruthy();
    expect(answer.json.error).toContain(field);
  });
});
