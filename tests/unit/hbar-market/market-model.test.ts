import { describe, expect, it } from 'vitest';
import {
  type ListingRecord,
  type NftCardModel,
  type SaleRecord,
  ageText,
  buildListingCards,
  buildSaleCards,
  cardDate,
  cardLabel,
  cardPrice,
  cardTier,
  isListingSort,
  pageItems,
  pageWindow,
  parseAttributes,
  sortListingCards,
} from '@/features/hbar-market/market-model';
import { formatHbarPrice } from '@/lib/format';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

function sale(serial: number, price: number, hours: number, extra: Partial<SaleRecord> = {}): SaleRecord {
  return {
    saletype: 'Sale',
    nftTokenAddress: '0.0.7000333',
    nftSerialId: serial,
    nftName: `Wild Tiger #${serial}`,
    nftImage: `ipfs://cid/images/${serial}.svg`,
    nftMetadata: JSON.stringify({ attributes: [{ trait_type: 'Eye_Color', value: 'Gold' }] }),
    salePrice: price,
    saleDate: hoursAgo(hours),
    buyerAddress: '0.0.7100001',
    sellerAddress: '0.0.7100002',
    ...extra,
  };
}

function listing(serial: number, price: number, hours: number, extra: Partial<ListingRecord> = {}): ListingRecord {
  return {
    marketplaceListingId: 9000 + serial,
    serialId: serial,
    sellerAddress: '0.0.7100003',
    salePrice: price,
    listingDate: hoursAgo(hours),
    nftName: `Wild Tiger #${serial}`,
    nftImage: `ipfs://cid/images/${serial}.svg`,
    isAvailableForPurchase: true,
    ...extra,
  };
}

const rarity = {
  '12': { rarityRank: 20, rarityPct: 0.006, rarityScore: 40, traits: [] },
  '40': { rarityRank: 900, rarityPct: 0.27, rarityScore: 12, traits: [] },
};

describe('card label (spec 000 §2)', () => {
  it('is LISTING with a current listing, SALE with only a last sale price, UNLISTED otherwise', () => {
    const current = { price: 10, listingDate: hoursAgo(1), marketplaceListingId: '1', sellerAddress: null };
    expect(cardLabel({ currentListing: current, lastSalePrice: 50 })).toBe('LISTING');
    expect(cardLabel({ currentListing: current, lastSalePrice: null })).toBe('LISTING');
    expect(cardLabel({ currentListing: null, lastSalePrice: 50 })).toBe('SALE');
    expect(cardLabel({ currentListing: null, lastSalePrice: 0 })).toBe('SALE');
    expect(cardLabel({ currentListing: null, lastSalePrice: null })).toBe('UNLISTED');
  });

  it('price and date follow the label: the listing while listed, else the last sale', () => {
    const listed = {
      currentListing: { price: 75, listingDate: hoursAgo(2), marketplaceListingId: '1', sellerAddress: null },
      lastSalePrice: 50,
      lastSaleDate: hoursAgo(9),
    };
    expect(cardPrice(listed)).toBe(75);
    expect(cardDate(listed)).toBe(hoursAgo(2));
    expect(cardPrice({ currentListing: null, lastSalePrice: 50 })).toBe(50);
    expect(cardDate({ currentListing: null, lastSaleDate: hoursAgo(9) })).toBe(hoursAgo(9));
    expect(cardPrice({ currentListing: null, lastSalePrice: null })).toBeNull();
  });
});

describe('tier by percentile (spec 000 §4)', () => {
  const card = (rarityRank: number | null, rarityPct: number | null, serialId = 1) => cardTier({ rarityRank, rarityPct, serialId });
  it('uses rarityPct × 100 with the 1/5/15/35/65 cut-offs', () => {
    expect([0.01, 0.0101, 0.05, 0.15, 0.35, 0.65, 0.66].map((pct) => card(5, pct))).toEqual([
      'Mythic',
      'Legendary',
      'Legendary',
      'Epic',
      'Rare',
      'Uncommon',
      'Common',
    ]);
  });
  it('falls back to serial / 3333 without rarityPct, and is Unknown without a rank', () => {
    expect(card(5, null, 33)).toBe('Mythic');
    expect(card(5, null, 3333)).toBe('Common');
    expect(card(null, 0.001)).toBe('Unknown');
  });
});

describe('age text', () => {
  it('is hour-based up to 48 h', () => {
    expect(ageText(hoursAgo(5), NOW)).toBe('5h ago');
    expect(ageText(hoursAgo(5.9), NOW)).toBe('5h ago');
    expect(ageText(hoursAgo(1), NOW)).toBe('1h ago');
    expect(ageText(hoursAgo(47.5), NOW)).toBe('47h ago');
    expect(ageText(hoursAgo(48.9), NOW)).toBe('48h ago');
  });
  it('reads in whole days past 48 h', () => {
    expect(ageText(hoursAgo(49), NOW)).toBe('2d ago');
    expect(ageText(hoursAgo(71.9), NOW)).toBe('2d ago');
    expect(ageText(hoursAgo(72), NOW)).toBe('3d ago');
    expect(ageText(hoursAgo(30 * 24), NOW)).toBe('30d ago');
    expect(ageText(hoursAgo(24_000 * 24 + 5), NOW)).toBe('24,000d ago');
  });
  it('says Just now within the hour or for a clock slightly ahead, nothing for a bad date', () => {
    expect(ageText(hoursAgo(0.5), NOW)).toBe('Just now');
    expect(ageText(hoursAgo(-0.1), NOW)).toBe('Just now');
    expect(ageText('not a date', NOW)).toBe('');
    expect(ageText(null, NOW)).toBe('');
  });
});

describe('pagination (25 a page)', () => {
  it('shows a-b of n with Previous off on page 1 and Next off on the last', () => {
    expect(pageWindow(60, 1)).toEqual({ page: 1, pages: 3, start: 1, end: 25, total: 60, hasPrevious: false, hasNext: true });
    expect(pageWindow(60, 2)).toMatchObject({ page: 2, start: 26, end: 50, hasPrevious: true, hasNext: true });
    expect(pageWindow(60, 3)).toMatchObject({ page: 3, start: 51, end: 60, hasPrevious: true, hasNext: false });
    expect(pageWindow(25, 1)).toMatchObject({ pages: 1, start: 1, end: 25, hasPrevious: false, hasNext: false });
    expect(pageWindow(26, 2)).toMatchObject({ pages: 2, start: 26, end: 26 });
  });
  it('clamps the page when the list shrank, and has one empty page for nothing', () => {
    expect(pageWindow(30, 3)).toMatchObject({ page: 2, start: 26, end: 30 });
    expect(pageWindow(30, 0)).toMatchObject({ page: 1 });
    expect(pageWindow(0, 4)).toEqual({ page: 1, pages: 1, start: 0, end: 0, total: 0, hasPrevious: false, hasNext: false });
  });
  it('slices the page', () => {
    const items = Array.from({ length: 60 }, (_, index) => index + 1);
    expect(pageItems(items, pageWindow(60, 3))).toEqual(items.slice(50));
    expect(pageItems(items, pageWindow(60, 1))).toHaveLength(25);
    expect(pageItems([], pageWindow(0, 1))).toEqual([]);
  });
});

describe('joining sales, listings and rarity', () => {
  it('a sale card carries the sale and, when its tiger is listed again, the listing (LISTING)', () => {
    const sales = [sale(12, 150, 3), sale(40, 80, 10), sale(12, 90, 200)];
    const listings = [listing(12, 300, 1), listing(77, 60, 5)];
    const cards = buildSaleCards(sales, listings, rarity);
    expect(cards.map((card) => [card.serialId, cardLabel(card)])).toEqual([
      [12, 'LISTING'],
      [40, 'SALE'],
      [12, 'LISTING'],
    ]);
    expect(cards[0]).toMatchObject({
      name: 'Wild Tiger #12',
      lastSalePrice: 150,
      lastSaleDate: hoursAgo(3),
      buyerAddress: '0.0.7100001',
      sellerAddress: '0.0.7100002',
      rarityRank: 20,
      rarityPct: 0.006,
      salesCount: 2,
      currentListing: { price: 300, listingDate: hoursAgo(1), marketplaceListingId: '9012', sellerAddress: '0.0.7100003' },
      attributes: [{ trait_type: 'Eye_Color', value: 'Gold' }],
    });
    expect(cardTier(cards[0] as NftCardModel)).toBe('Mythic');
    expect(cards[1]).toMatchObject({ currentListing: null, rarityRank: 900, salesCount: 1 });
    expect(cardTier(cards[1] as NftCardModel)).toBe('Rare');
  });

  it('names a nameless tiger "Wild Tiger #serial" and leaves rarity empty when unknown', () => {
    const [card] = buildSaleCards([sale(5, 40, 2, { nftName: '', nftMetadata: '' })], [], undefined);
    expect(card).toMatchObject({ name: 'Wild Tiger #5', rarityRank: null, rarityPct: null, attributes: [] });
    expect(cardTier(card as NftCardModel)).toBe('Unknown');
  });

  it('a listing card carries the listing, the serial’s last sale in the feed, and rarity', () => {
    const cards = buildListingCards(
      [listing(12, 300, 1), listing(77, 60, 5, { serialId: undefined, nftSerialId: 77, nftName: null } as unknown as Partial<ListingRecord>)],
      [sale(12, 150, 3), sale(12, 90, 200)],
      rarity,
    );
    expect(cards[0]).toMatchObject({
      serialId: 12,
      lastSalePrice: 150,
      lastSaleDate: hoursAgo(3),
      sellerAddress: '0.0.7100003',
      salesCount: 2,
      rarityRank: 20,
    });
    expect(cards[1]).toMatchObject({ serialId: 77, name: 'Wild Tiger #77', lastSalePrice: null, salesCount: 0, rarityRank: null });
    expect(cards.map(cardLabel)).toEqual(['LISTING', 'LISTING']);
  });

  it('uses the listing’s own rarity fields when the rarity data lacks the serial', () => {
    const [card] = buildListingCards([listing(8, 10, 1, { rarityRank: 3, rarityPct: 0.0009 })], [], {});
    expect(card).toMatchObject({ rarityRank: 3, rarityPct: 0.0009 });
  });
});

describe('listings sort', () => {
  const cards = buildListingCards([listing(1, 300, 5), listing(2, 50, 1), listing(3, 120, 9), listing(4, 50, 3)], [], undefined);
  it('newest first, or by price either way (ties by serial)', () => {
    expect(sortListingCards(cards, 'newest').map((card) => card.serialId)).toEqual([2, 4, 1, 3]);
    expect(sortListingCards(cards, 'price-low').map((card) => card.serialId)).toEqual([2, 4, 3, 1]);
    expect(sortListingCards(cards, 'price-high').map((card) => card.serialId)).toEqual([1, 3, 2, 4]);
  });
  it('knows its three options', () => {
    expect(['newest', 'price-low', 'price-high', 'rarity'].map(isListingSort)).toEqual([true, true, true, false]);
  });
});

describe('metadata attributes and prices', () => {
  it('reads attributes, or props as a list or a map', () => {
    expect(parseAttributes('{"attributes":[{"trait_type":"Fur","value":"Snow"},{"value":"x"}]}')).toEqual([{ trait_type: 'Fur', value: 'Snow' }]);
    expect(parseAttributes('{"props":[{"trait_type":"Level","value":3}]}')).toEqual([{ trait_type: 'Level', value: '3' }]);
    expect(parseAttributes('{"properties":{"Fur":"Snow","nested":{}}}')).toEqual([{ trait_type: 'Fur', value: 'Snow' }]);
    expect(parseAttributes('not json')).toEqual([]);
    expect(parseAttributes(null)).toEqual([]);
  });
  it('formats HBAR with at most 2 decimals', () => {
    expect(formatHbarPrice(1250)).toBe('1,250');
    expect(formatHbarPrice(99.5)).toBe('99.5');
    expect(formatHbarPrice(0.123)).toBe('0.12');
  });
});
