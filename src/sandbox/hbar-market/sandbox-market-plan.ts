/**
 * The sandbox market's seeded history: which generated holders listed which tigers at what
 * price, and who sold what to whom. Holders, serials and prices are the same on every run (seeded
 * PRNG over the ledger's deterministic genesis); dates are relative to when the market was first
 * opened. The demo accounts never appear: they belong to the PAWS marketplace's flows.
 */
import { randomInt, seededRandom, shuffled } from '@/sandbox/ledger/prng';
import type { SandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import { sandboxSeed } from '@/sandbox/ledger/seed';

export const SEEDED_LISTINGS = 30;
export const SEEDED_SALES = 60;
export const SEEDED_SALE_DAYS = 60;
/** Listings were opened within this many days before the anchor. */
const LISTING_DAYS = 20;
export const SEEDED_PRICE_RANGE = { min: 30, max: 400 } as const;
const FIRST_LISTING_ID = 700_001;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export interface PlannedListing {
  listingId: number;
  serial: number;
  sellerId: string;
  /** Whole HBAR. */
  salePrice: number;
  listingDate: string;
}

export interface PlannedSale {
  saleId: string;
  serial: number;
  sellerId: string;
  buyerId: string;
  /** Whole HBAR. */
  salePrice: number;
  saleDate: string;
}

export interface SandboxMarketPlan {
  /** Newest first. */
  listings: PlannedListing[];
  /** Newest first. */
  sales: PlannedSale[];
}

/** The seeded listings and sales for a market first opened at `anchorMs`. */
export function planSandboxMarket(network: SandboxNetwork, anchorMs: number): SandboxMarketPlan {
  const random = seededRandom('wild-tigers-sandbox-market');
  const seed = sandboxSeed(network);
  const holders = seed.accounts.filter((account) => account.label === null).map((account) => account.accountId);
  const generated = new Set(holders);
  const ownerOf = (serial: number) => seed.nftOwners[serial - 1] as string;
  const heldByHolders = seed.nftOwners.flatMap((owner, index) => (generated.has(owner) ? [index + 1] : []));
  const picked = shuffled(random, heldByHolders).slice(0, SEEDED_LISTINGS + SEEDED_SALES);
  const price = () => randomInt(random, SEEDED_PRICE_RANGE.min, SEEDED_PRICE_RANGE.max);
  const minutesAgo = (minutes: number) => new Date(anchorMs - minutes * MINUTE_MS).toISOString();

  const listings = picked.slice(0, SEEDED_LISTINGS).map((serial, index) => ({
    listingId: FIRST_LISTING_ID + index,
    serial,
    sellerId: ownerOf(serial),
    salePrice: price(),
    listingDate: minutesAgo(randomInt(random, 10, LISTING_DAYS * DAY_MINUTES)),
  }));

  // The buyer of each sale is the tiger's owner on the ledger, so the history agrees with it.
  const sales = picked.slice(SEEDED_LISTINGS).map((serial, index) => {
    const buyerId = ownerOf(serial);
    let sellerId = buyerId;
    while (sellerId === buyerId) sellerId = holders[randomInt(random, 0, holders.length - 1)] as string;
    return {
      saleId: `seed-${String(index + 1).padStart(3, '0')}`,
      serial,
      sellerId,
      buyerId,
      salePrice: price(),
      saleDate: minutesAgo(randomInt(random, 30, SEEDED_SALE_DAYS * DAY_MINUTES - 1)),
    };
  });

  const newestFirst = (a: string, b: string) => Date.parse(b) - Date.parse(a);
  return {
    listings: listings.sort((a, b) => newestFirst(a.listingDate, b.listingDate)),
    sales: sales.sort((a, b) => newestFirst(a.saleDate, b.saleDate)),
  };
}
