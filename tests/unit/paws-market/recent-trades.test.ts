import { describe, expect, it } from 'vitest';
import type { PawsActivityItem } from '@/features/market-stats/activity';
import type { LedgerReader, LedgerTransaction } from '@/features/ledger/ledger-reader-port';
import { createRecentTrades } from '@/features/paws-market/recent-trades';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

function sale(serial: number, sellerId: string, buyerId: string, transactionId: string, secondsAgo: number): PawsActivityItem {
  return {
    id: transactionId,
    kind: 'sale',
    at: at(secondsAgo),
    tokenId: '0.0.7000333',
    serialNumber: serial,
    nftName: null,
    pawsAmount: '5',
    sellerId,
    buyerId,
    quantity: 1,
    transactionId,
  };
}

/** A timeline of `sales` and a mirror that shows the transactions in `shown`. */
function tradesOver(sales: PawsActivityItem[], shown: string[]) {
  const asked: string[] = [];
  const ledger = {
    getTransaction: async (id: string) =>
      shown.includes(id) ? ({ transactionId: id, result: 'SUCCESS', consensusTimestamp: '1' } as LedgerTransaction) : null,
  } as Pick<LedgerReader, 'getTransaction'>;
  const trades = createRecentTrades({
    tradesSince: async (since) => {
      asked.push(since);
      return sales.filter((item) => item.at >= since);
    },
    ledger,
    now: () => NOW,
  });
  return { trades, asked };
}

describe('the market’s sales laid over the mirror until it shows them', () => {
  it('names the buyer of a sale the mirror does not show yet as the owner; the mirror’s owner otherwise', async () => {
    const { trades, asked } = tradesOver([sale(7, 'A', 'B', 'tx-1', 5), sale(8, 'A', 'C', 'tx-2', 6)], ['tx-2']);
    expect(await trades.ownerOf(7, 'A')).toBe('B');
    expect(await trades.ownerOf(8, 'A')).toBe('A');
    expect(await trades.ownerOf(9, 'D')).toBe('D');
    // Only the last two minutes count.
    expect(asked[0]).toBe(at(120));
  });

  it('lays HBAR purchases paid by their receipt over the owners and holdings too, but not over PAWS balances', async () => {
    const ledger = { getTransaction: async () => null } as Pick<LedgerReader, 'getTransaction'>;
    const trades = createRecentTrades({
      tradesSince: async () => [],
      hbarPaidSince: async (since) =>
        [{ serial: 9, buyerId: 'D', sellerId: 'A', hbar: null, transactionId: 'tx-hbar', at: at(3) }].filter((paid) => paid.at >= since),
      ledger,
      now: () => NOW,
    });
    expect(await trades.ownerOf(9, 'A')).toBe('D');
    expect(await trades.holdingsOf('D', [1])).toEqual({ serials: [1, 9], bought: [9] });
    expect(await trades.holdingsOf('A', [9, 2])).toEqual({ serials: [2], bought: [] });
    expect(await trades.pawsMovedFor('D', async () => ({ pawsDecimals: 6, fees: { paws: [], nft: [] } as never }))).toBe(0n);
  });

  it('names the latest buyer of each tiger sold on either market in the last 30 minutes, shown by the mirror or not', async () => {
    const asked: string[] = [];
    const trades = createRecentTrades({
      tradesSince: async (since) => {
        asked.push(since);
        return [sale(7, 'A', 'B', 'tx-1', 600), sale(7, 'B', 'C', 'tx-2', 300)];
      },
      hbarPaidSince: async () => [{ serial: 9, buyerId: 'D', sellerId: null, hbar: null, transactionId: 'tx-hbar', at: at(3) }],
      ledger: { getTransaction: async () => ({}) as never },
      now: () => NOW,
    });
    expect(await trades.latestBuyers()).toEqual(
      new Map([
        [7, 'C'],
        [9, 'D'],
      ]),
    );
    expect(asked).toEqual([at(30 * 60)]);
  });

  it('follows a tiger sold on again within the window: its last buyer has it', async () => {
    const { trades } = tradesOver([sale(7, 'A', 'B', 'tx-1', 30), sale(7, 'B', 'C', 'tx-2', 10)], []);
    expect(await trades.ownerOf(7, 'A')).toBe('C');
    expect(await trades.holdingsOf('B', [1])).toEqual({ serials: [1], bought: [] });
    expect(await trades.holdingsOf('C', [2])).toEqual({ serials: [2, 7], bought: [7] });
    expect(await trades.holdingsOf('A', [7, 3])).toEqual({ serials: [3], bought: [] });
  });

  it('says what the sales the mirror does not show yet moved of an account’s PAWS: paid as buyer, kept after the royalty as seller', async () => {
    const { trades } = tradesOver([sale(7, 'A', 'B', 'tx-1', 30), sale(8, 'B', 'C', 'tx-2', 10), sale(9, 'A', 'B', 'tx-3', 5)], ['tx-3']);
    const noFees = { fixed: [], fractional: [], royalty: [] };
    const royalty = { numerator: 5n, denominator: 100n, collectorAccountId: '0.0.900', fallbackFee: null, allCollectorsExempt: false };
    let termsRead = 0;
    const terms = async () => {
      termsRead += 1;
      return {
        pawsDecimals: 6,
        fees: { pawsTokenId: '0.0.600', nftTreasury: '0.0.1', pawsTreasury: '0.0.1', nft: { ...noFees, royalty: [royalty] }, paws: noFees },
      };
    };
    // B paid 5 PAWS for #7 and kept 4.75 of the 5 C paid for #8 (a 5 % royalty); #9's sale is on the mirror already.
    expect(await trades.pawsMovedFor('B', terms)).toBe(-5_000_000n + 4_750_000n);
    expect(await trades.pawsMovedFor('A', terms)).toBe(4_750_000n);
    expect(await trades.pawsMovedFor('C', terms)).toBe(-5_000_000n);
    // An account without such a sale costs no read of the tokens' fees.
    termsRead = 0;
    expect(await trades.pawsMovedFor('D', terms)).toBe(0n);
    expect(termsRead).toBe(0);
  });

  it('says what the HBAR purchases the mirror does not show yet moved of an account’s HBAR: its transfers, less the royalty for the seller', async () => {
    const moves = (payerId: string, buyer: string, seller: string) => ({
      payerId,
      transfers: [
        { accountId: buyer, tinybars: '-10000' },
        { accountId: seller, tinybars: '9800' },
        { accountId: 'M', tinybars: '200' },
      ],
    });
    const paid = [
      { serial: 9, buyerId: 'D', sellerId: 'A', hbar: moves('M', 'D', 'A'), transactionId: 'tx-9', at: at(3) },
      { serial: 10, buyerId: 'E', sellerId: 'F', hbar: moves('E', 'E', 'F'), transactionId: 'tx-10', at: at(2) },
      { serial: 11, buyerId: 'G', sellerId: 'A', hbar: null, transactionId: 'tx-11', at: at(1) },
    ];
    const trades = createRecentTrades({
      tradesSince: async () => [],
      hbarPaidSince: async () => paid,
      ledger: { getTransaction: async () => null },
      now: () => NOW,
    });
    const noFees = { fixed: [], fractional: [], royalty: [] };
    const royalty = { numerator: 5n, denominator: 100n, collectorAccountId: '0.0.900', fallbackFee: null, allCollectorsExempt: false };
    const terms = async () => ({
      fees: { pawsTokenId: '0.0.600', nftTreasury: '0.0.1', pawsTreasury: '0.0.1', nft: { ...noFees, royalty: [royalty] }, paws: noFees },
    });
    expect(await trades.hbarMovedFor('D', terms)).toBe(-10_000n);
    // The seller keeps 9,800 less the collection's 5 % of them.
    expect(await trades.hbarMovedFor('A', terms)).toBe(9_800n - 490n);
    // E pays the network fee of its purchase, which only the mirror will say: not known yet.
    expect(await trades.hbarMovedFor('E', terms)).toBeNull();
    expect(await trades.hbarMovedFor('G', terms)).toBe(0n);
  });

  it('leaves holdings as the mirror shows them once it shows the sale, and ignores sales older than two minutes', async () => {
    const { trades } = tradesOver([sale(7, 'A', 'B', 'tx-1', 5), sale(9, 'A', 'B', 'tx-3', 300)], ['tx-1']);
    expect(await trades.holdingsOf('B', [7])).toEqual({ serials: [7], bought: [] });
    expect(await trades.holdingsOf('A', [9])).toEqual({ serials: [9], bought: [] });
  });
});
