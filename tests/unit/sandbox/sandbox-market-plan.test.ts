import { describe, expect, it } from 'vitest';
import { defaultSandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import { sandboxSeed } from '@/sandbox/ledger/seed';
import { SEEDED_LISTINGS, SEEDED_PRICE_RANGE, SEEDED_SALES, SEEDED_SALE_DAYS, planSandboxMarket } from '@/sandbox/hbar-market/sandbox-market-plan';

const ANCHOR = Date.parse('2026-11-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const plan = planSandboxMarket(defaultSandboxNetwork, ANCHOR);
const seed = sandboxSeed(defaultSandboxNetwork);
const ownerOf = (serial: number) => seed.nftOwners[serial - 1];
const demoAccounts = defaultSandboxNetwork.demoAccounts.map((account) => account.accountId);
const generatedHolders = new Set(seed.accounts.filter((account) => account.label === null).map((account) => account.accountId));

describe('the sandbox market’s seeded history', () => {
  it('is the same on every run, only shifted with its anchor', () => {
    expect(planSandboxMarket(defaultSandboxNetwork, ANCHOR)).toEqual(plan);
    const later = planSandboxMarket(defaultSandboxNetwork, ANCHOR + DAY_MS);
    expect(later.sales.map((sale) => [sale.serial, sale.buyerId, sale.salePrice])).toEqual(
      plan.sales.map((sale) => [sale.serial, sale.buyerId, sale.salePrice]),
    );
    expect(Date.parse(later.sales[0]?.saleDate ?? '') - Date.parse(plan.sales[0]?.saleDate ?? '')).toBe(DAY_MS);
  });

  it('has 30 listings by their owners and 60 sales over the past 60 days, newest first', () => {
    expect(plan.listings).toHaveLength(SEEDED_LISTINGS);
    expect(plan.sales).toHaveLength(SEEDED_SALES);
    for (const listing of plan.listings) expect(listing.sellerId).toBe(ownerOf(listing.serial));
    for (const sale of plan.sales) {
      const age = ANCHOR - Date.parse(sale.saleDate);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(SEEDED_SALE_DAYS * DAY_MS);
    }
    const dates = (rows: { saleDate?: string; listingDate?: string }[]) => rows.map((row) => Date.parse(row.saleDate ?? row.listingDate ?? ''));
    expect(dates(plan.sales)).toEqual([...dates(plan.sales)].sort((a, b) => b - a));
    expect(dates(plan.listings)).toEqual([...dates(plan.listings)].sort((a, b) => b - a));
    expect(new Set(plan.listings.map((listing) => listing.listingId)).size).toBe(SEEDED_LISTINGS);
  });

  it('prices between 30 and 400 HBAR', () => {
    for (const { salePrice } of [...plan.listings, ...plan.sales]) {
      expect(Number.isInteger(salePrice)).toBe(true);
      expect(salePrice).toBeGreaterThanOrEqual(SEEDED_PRICE_RANGE.min);
      expect(salePrice).toBeLessThanOrEqual(SEEDED_PRICE_RANGE.max);
    }
  });

  it('involves generated holders only, never the demo accounts, and agrees with the ledger', () => {
    const accounts = [...plan.listings.map((listing) => listing.sellerId), ...plan.sales.flatMap((sale) => [sale.buyerId, sale.sellerId])];
    for (const account of accounts) {
      expect(demoAccounts).not.toContain(account);
      expect(generatedHolders.has(account)).toBe(true);
    }
    for (const sale of plan.sales) {
      expect(sale.buyerId).toBe(ownerOf(sale.serial));
      expect(sale.sellerId).not.toBe(sale.buyerId);
    }
    const serials = [...plan.listings, ...plan.sales].map((entry) => entry.serial);
    expect(new Set(serials).size).toBe(serials.length);
  });
});
