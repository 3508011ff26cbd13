import { describe, expect, it } from 'vitest';
import { computeRarity } from '../../../src/features/tiger/rarity';
import {
  formatShare,
  reopenWaitsForOwner,
  tigerFromSearch,
  traitShares,
  withTigerParam,
  writeFromSearch,
} from '../../../src/features/tiger-view/tiger-view-rules';
import { dialogOfWrite, tigerViewHref } from '../../../src/features/tiger/tiger-view-href';

const attributes = (fur: string, eyes?: string) => [{ trait_type: 'Fur', value: fur }, ...(eyes ? [{ trait_type: 'Eye_Color', value: eyes }] : [])];
const dataset = computeRarity([
  { serial: 1, attributes: attributes('Golden', 'Blue') },
  { serial: 2, attributes: attributes('Golden', 'Green') },
  { serial: 3, attributes: attributes('Striped', 'Blue') },
  { serial: 4, attributes: attributes('golden ') },
]);

describe('traitShares', () => {
  it('counts each trait over the ranked tigers, as rarity compares them (case, spaces, underscores)', () => {
    expect(
      traitShares(
        [
          { trait_type: 'Fur', value: 'Golden' },
          { trait_type: 'eye color', value: 'BLUE' },
        ],
        dataset,
      ),
    ).toEqual([
      { trait_type: 'Fur', value: 'Golden', count: 3, share: 0.75 },
      { trait_type: 'eye color', value: 'BLUE', count: 2, share: 0.5 },
    ]);
  });

  it('says 0 for a trait no tiger has, and for an empty dataset', () => {
    expect(traitShares([{ trait_type: 'Hat', value: 'Crown' }], dataset)[0]).toMatchObject({ count: 0, share: 0 });
    expect(traitShares([{ trait_type: 'Fur', value: 'Golden' }], { rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } })[0]).toMatchObject({
      count: 0,
      share: 0,
    });
  });
});

describe('formatShare', () => {
  it('shows one decimal, two below 1 %, and a floor for the rarest', () => {
    expect(formatShare(0.123)).toBe('12.3%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(9 / 3333)).toBe('0.27%');
    expect(formatShare(0.00001)).toBe('<0.01%');
    expect(formatShare(0)).toBe('0.00%');
  });
});

describe('the view’s address', () => {
  it('reads ?tiger=N only for a serial of the collection', () => {
    expect(tigerFromSearch('?tiger=12')).toBe(12);
    expect(tigerFromSearch('?page=2&tiger=3333')).toBe(3333);
    for (const bad of ['', '?tiger=', '?tiger=0', '?tiger=3334', '?tiger=-1', '?tiger=1.5', '?tiger=12abc', '?tiger=%201'])
      expect(tigerFromSearch(bad)).toBeNull();
  });

  it('adds and removes the parameter, keeping the others and the hash', () => {
    expect(withTigerParam('https://x.test/collection?page=2&sort=rarity#top', 7)).toBe('/collection?page=2&sort=rarity&tiger=7#top');
    expect(withTigerParam('https://x.test/collection?page=2&tiger=7&sort=rarity', null)).toBe('/collection?page=2&sort=rarity');
    expect(withTigerParam('https://x.test/marketplace?tiger=7', null)).toBe('/marketplace');
    expect(tigerViewHref(12)).toBe('/collection?tiger=12');
  });
});

describe("the tray's link to a write under way", () => {
  it("carries the write's id beside the tiger, and the view reads back only ids of writes with a dialog", () => {
    const href = tigerViewHref(12, 'paws-purchase:0.0.7001002:7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(href).toBe('/collection?tiger=12&write=paws-purchase%3A0.0.7001002%3A7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(writeFromSearch(new URL(href, 'https://x.test').search)).toBe('paws-purchase:0.0.7001002:7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(writeFromSearch('?tiger=12&write=offer-make%3A0.0.7001002%3Aabc')).toBeNull();
    expect(writeFromSearch('?tiger=12&write=listing%3A0.0.7001002')).toBeNull();
    expect(writeFromSearch('?tiger=12')).toBeNull();
  });

  it('names the dialog, the account and the key of each kind of write that has one', () => {
    expect(dialogOfWrite('listing:0.0.7001003:12')).toEqual({ kind: 'listing', accountId: '0.0.7001003', key: '12' });
    expect(dialogOfWrite('unlist:0.0.7001001:7')).toEqual({ kind: 'unlist', accountId: '0.0.7001001', key: '7' });
    expect(dialogOfWrite('hbar-purchase:0.0.7001002:99')).toEqual({ kind: 'hbar-purchase', accountId: '0.0.7001002', key: '99' });
    expect(dialogOfWrite('offer-accept:0.0.7001003:off-1')).toEqual({ kind: 'offer-accept', accountId: '0.0.7001003', key: 'off-1' });
    expect(dialogOfWrite('offer-make:0.0.7001002:off-1')).toBeNull();
    expect(dialogOfWrite('paws-allowance:0.0.7001002')).toBeNull();
    expect(dialogOfWrite('profile-avatar:0.0.7001002')).toBeNull();
    expect(dialogOfWrite('listing:0.0.7001003:12:extra')).toBeNull();
  });

  it('leaves no write to reopen once the view is closed', () => {
    expect(withTigerParam('https://x.test/collection?tiger=12&write=listing%3A0.0.7001003%3A12&page=2', null)).toBe('/collection?page=2');
  });
});

describe('the tray’s reopen of a write over the view', () => {
  it('waits for a known owner before it reopens a listing or an unlist (an unknown owner is not another account)', () => {
    expect(reopenWaitsForOwner('listing', '0.0.unknown')).toBe(true);
    expect(reopenWaitsForOwner('unlist', '0.0.unknown')).toBe(true);
    expect(reopenWaitsForOwner('listing', '0.0.7001003')).toBe(false);
    expect(reopenWaitsForOwner('paws-purchase', '0.0.unknown')).toBe(false);
  });
});
