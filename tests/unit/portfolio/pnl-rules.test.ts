/** P&L from tiger legs: lots, realized and unrealized in HBAR, PAWS and USD at each trade's time, totals, the CSV. */
import { describe, expect, it } from 'vitest';
import type { TigerLeg } from '@/features/portfolio/cost-basis-rules';
import { portfolioPnl } from '@/features/portfolio/pnl-rules';
import { csvCell, tradesCsv } from '@/features/portfolio/trades-csv';
import type { PriceHistory } from '@/features/prices/price-port';

const DAY = 86_400;
const T0 = 1_700_006_400; // a UTC midnight
const PAWS = 1_000_000n;

function leg(overrides: Partial<TigerLeg> & Pick<TigerLeg, 'serial' | 'side' | 'kind'>): TigerLeg {
  return {
    transactionId: `0.0.9-${T0}-000000001`,
    consensusTimestamp: `${T0}.000000001`,
    counterparty: '0.0.6001',
    price: { hbar: 0n, paws: 0n },
    foreign: [],
    fees: { royalty: { hbar: 0n, paws: 0n }, networkTinybars: 0n },
    proRata: false,
    notes: [],
    ...overrides,
  };
}

// PAWS doubles from day 0 to day 2; HBAR stays at 0.20 USD.
const history: PriceHistory = {
  hbar: [0, 1, 2].map((d) => ({ at: (T0 + d * DAY) * 1000, usd: 0.2 })),
  paws: [0, 1, 2].map((d) => ({ at: (T0 + d * DAY) * 1000, usd: 0.001 * (1 + d / 2) })),
  hbarSource: 'coingecko',
  pawsSource: 'saucerswap',
};
const valuation = (estimated: [number, bigint][] = []) => ({
  now: (T0 + 2 * DAY) * 1000,
  pawsDecimals: 6,
  hbarUsd: 0.2,
  pawsUsd: 0.002,
  estimated: new Map(estimated.map(([serial, pawsUnits]) => [serial, { pawsUnits, method: 'the collection floor' }])),
});

describe('portfolioPnl', () => {
  it('realizes a PAWS round trip exactly, and its USD at the time of each trade', () => {
    const legs = [
      leg({ serial: 1, side: 'buy', kind: 'purchase', price: { hbar: 0n, paws: 40n * PAWS } }),
      leg({
        serial: 1,
        side: 'sell',
        kind: 'sale',
        consensusTimestamp: `${T0 + 2 * DAY}.000000001`,
        price: { hbar: 0n, paws: 55n * PAWS },
        fees: { royalty: { hbar: 0n, paws: 2_750_000n }, networkTinybars: 0n },
      }),
    ];
    const pnl = portfolioPnl(legs, [], history, valuation());
    expect(pnl.lots[0]).toMatchObject({
      cost: { paws: '40', usd: 0.04 },
      proceeds: { paws: '52.25', usd: 0.1 },
      realized: { paws: '12.25', hbar: '0', usd: 0.06 },
    });
    expect(pnl.totals).toEqual({ realized: { hbar: '0', paws: '12.25', usd: 0.06 }, unrealized: { paws: '0', usd: 0 }, lotsWithoutPnl: 0 });
  });

  it('values what is held against its estimate, the HBAR cost converted at today’s rate and said so', () => {
    // Bought for 10 HBAR + 0.0012 HBAR network fee at 0.20 USD; estimated 1,500 PAWS at 0.002 USD today.
    const legs = [
      leg({
        serial: 2,
        side: 'buy',
        kind: 'purchase',
        price: { hbar: 1_000_000_000n, paws: 0n },
        fees: { royalty: { hbar: 0n, paws: 0n }, networkTinybars: 120_000n },
      }),
    ];
    const pnl = portfolioPnl(legs, [2], history, valuation([[2, 1_500n * PAWS]]));
    // Cost: 10.0012 HBAR = 1,000.12 PAWS at 0.2 / 0.002; 1,500 - 1,000.12 = 499.88 PAWS; USD 3 - 2.00024.
    expect(pnl.lots[0]).toMatchObject({ cost: { hbar: '10.0012', usd: 2 }, unrealized: { paws: '499.88', usd: 1 }, estimatedValue: { paws: '1500', usd: 3 } });
    expect(pnl.lots[0]?.notes).toContain('unrealized PAWS: the HBAR cost converted at today’s HBAR/PAWS rate');
    expect(pnl.valueOverTime.at(-1)).toMatchObject({ held: 1, investedUsd: 2, valueUsd: 3 });
  });

  it('gives no P&L, and says why, to a mint, a tiger paid in other tokens and one held from before the history', () => {
    const legs = [
      leg({ serial: 3, side: 'buy', kind: 'mint', counterparty: null, notes: ['no cost basis: a mint'] }),
      leg({ serial: 3, side: 'sell', kind: 'sale', consensusTimestamp: `${T0 + DAY}.000000001`, price: { hbar: 0n, paws: 10n * PAWS } }),
      leg({ serial: 4, side: 'buy', kind: 'purchase', price: { hbar: 1n, paws: 0n }, foreign: [{ tokenId: '0.0.1234567', amount: 5n }] }),
    ];
    const pnl = portfolioPnl(
      legs,
      [4, 5],
      history,
      valuation([
        [4, PAWS],
        [5, PAWS],
      ]),
    );
    expect(pnl.lots.map((lot) => [lot.serial, lot.acquiredBy, lot.realized, lot.unrealized])).toEqual([
      [3, 'mint', null, null],
      [4, 'purchase', null, null],
      [5, 'unknown', null, null],
    ]);
    expect(pnl.lots[2]?.notes).toContain('no cost basis: bought before the history the ledger shows');
    expect(pnl.totals).toMatchObject({ realized: { paws: '0' }, lotsWithoutPnl: 3 });
  });

  it('leaves USD out rather than guess when the price history has no PAWS', () => {
    const legs = [leg({ serial: 6, side: 'buy', kind: 'purchase', price: { hbar: 0n, paws: PAWS } })];
    const pnl = portfolioPnl(legs, [6], { ...history, paws: [], pawsSource: 'unavailable' }, valuation([[6, 2n * PAWS]]));
    expect(pnl.lots[0]).toMatchObject({ cost: { paws: '1', usd: null }, unrealized: { paws: '1', usd: null } });
    expect(pnl.totals.unrealized.usd).toBeNull();
  });
});

describe('tradesCsv', () => {
  it('escapes cells per RFC 4180 and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1.5')).toBe('-1.5');
  });

  it('writes a row per currency, other tokens named in base units without a USD value', () => {
    const csv = tradesCsv(
      [
        leg({
          serial: 7,
          side: 'buy',
          kind: 'purchase',
          price: { hbar: 100_000_000n, paws: 2n * PAWS },
          foreign: [{ tokenId: '0.0.1234567', amount: 5n }],
          notes: ['a, b'],
        }),
      ],
      history,
      6,
    );
    const date = new Date(T0 * 1000).toISOString();
    expect(csv.split('\r\n')).toEqual([
      'date,tiger,side,price,currency,USD value,fees,counterparty,transaction id,kind,notes',
      `${date},#7,buy,1,HBAR,0.20,,0.0.6001,0.0.9-${T0}-000000001,purchase,"a, b"`,
      `${date},#7,buy,2,PAWS,0.00,,0.0.6001,0.0.9-${T0}-000000001,purchase,"a, b"`,
      `${date},#7,buy,5,0.0.1234567,,,0.0.6001,0.0.9-${T0}-000000001,purchase,"a, b"`,
      '',
    ]);
  });
});
