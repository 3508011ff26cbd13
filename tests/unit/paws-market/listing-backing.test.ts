import { describe, expect, it } from 'vitest';
import type { LedgerNft, LedgerReader, LedgerTransaction } from '@/features/ledger/ledger-reader-port';
import { backsListing } from '@/features/paws-market/listing-backing';

const MARKET = '0.0.7000100';
const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const nft = (spender: string | null): LedgerNft => ({
  tokenId: '0.0.7000333',
  serial: 7,
  owner: '0.0.7001003',
  spender,
  delegatingSpender: null,
  metadata: '',
  deleted: false,
});
const listing = (secondsAgo: number) => ({
  sellerId: '0.0.7001003',
  tokenId: '0.0.7000333',
  serialNumber: 7,
  approvalTransactionId: '0.0.7001003@1764331200.000000001',
  createdAt: new Date(NOW - secondsAgo * 1000).toISOString(),
});

/** A mirror that shows the approval or not, and the tiger as `fresh` on a read made now. */
function mirror(shows: boolean, fresh: LedgerNft) {
  const ledger = {
    getTransaction: async () => (shows ? ({ result: 'SUCCESS' } as LedgerTransaction) : null),
    getNft: async () => fresh,
  } as unknown as Pick<LedgerReader, 'getTransaction' | 'getNft'>;
  return ledger;
}

describe('what backs a listing that went live on its approval’s receipt', () => {
  it('the receipt, while the mirror does not show the approval yet', async () => {
    expect(await backsListing(mirror(false, nft(null)), nft(null), listing(5), MARKET, NOW)).toBe(true);
  });

  it('a read of the tiger after the mirror caught up, not the one made before it (which would retire a good listing)', async () => {
    expect(await backsListing(mirror(true, nft(MARKET)), nft(null), listing(5), MARKET, NOW)).toBe(true);
    expect(await backsListing(mirror(true, nft(null)), nft(null), listing(5), MARKET, NOW)).toBe(false);
  });

  it('the mirror alone after two minutes', async () => {
    expect(await backsListing(mirror(false, nft(MARKET)), nft(null), listing(121), MARKET, NOW)).toBe(false);
    expect(await backsListing(mirror(false, nft(null)), nft(MARKET), listing(121), MARKET, NOW)).toBe(true);
  });
});
