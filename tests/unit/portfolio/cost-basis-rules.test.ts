/**
 * The cost-basis rules on mirror node fixtures in the official shape (TransactionDetail, each checked
 * against the OpenAPI document): what each transaction means for the holder's tigers.
 */
import { describe, expect, it } from 'vitest';
import { type CostBasisContext, splitEvenly, tigerLegs } from '@/features/portfolio/cost-basis-rules';
import { responseValidator } from '../ledger/openapi';
import {
  COLLECTOR,
  type DetailInput,
  HOLDER,
  OTHER_BUYER,
  PAWS,
  PAWS_MARKET,
  SAUCE,
  SELLER_A,
  SELLER_B,
  SENTX,
  TIGERS,
  TREASURY,
  detailBody,
  readDetail,
} from './mirror-fixtures';

const context: CostBasisContext = { nftTokenId: TIGERS, pawsTokenId: PAWS, treasuryAccountId: TREASURY };
const validDetail = responseValidator('/api/v1/transactions/{transactionId}', 200);
const HBAR = 100_000_000;
const ONE_PAWS = 1_000_000;

/** The fixture, checked against the official shape, then read and ruled on for `holder`. */
async function legsFor(input: DetailInput, holder = HOLDER) {
  const body = detailBody(input);
  expect(validDetail(body)).toEqual([]);
  return tigerLegs(await readDetail(body), holder, context);
}

describe('cost basis from one transaction', () => {
  it('a SentX purchase: the buyer paid the price in HBAR; the seller bore the royalty (an assessed custom fee)', async () => {
    // 100 HBAR: SentX keeps 2 HBAR, the royalty collector takes 5 % out of the seller's credit.
    const sentx: DetailInput = {
      payer: HOLDER,
      seconds: 1_700_000_000,
      chargedTxFee: 120_000,
      hbar: { [HOLDER]: -100 * HBAR, [SELLER_A]: 93 * HBAR, [COLLECTOR]: 5 * HBAR, [SENTX]: 2 * HBAR },
      nfts: [{ serial: 7, from: SELLER_A, to: HOLDER, approved: true }],
      fees: [{ amount: 5 * HBAR, collector: COLLECTOR, payers: [SELLER_A], token: null }],
    };
    const [buy] = await legsFor(sentx);
    expect(buy).toMatchObject({
      serial: 7,
      side: 'buy',
      kind: 'purchase',
      counterparty: SELLER_A,
      price: { hbar: 100n * BigInt(HBAR), paws: 0n },
      fees: { royalty: { hbar: 0n, paws: 0n }, networkTinybars: 120_000n },
      proRata: false,
      foreign: [],
    });
    // The seller's side of the same record: a sale at what it received plus the royalty it bore.
    const [sale] = await legsFor(sentx, SELLER_A);
    expect(sale).toMatchObject({
      side: 'sell',
      kind: 'sale',
      counterparty: HOLDER,
      price: { hbar: 98n * BigInt(HBAR) },
      fees: { royalty: { hbar: 5n * BigInt(HBAR) }, networkTinybars: 0n },
    });
  });

  it('a staking reward paid out with a purchase is not part of its price', async () => {
    const [buy] = await legsFor({
      payer: HOLDER,
      seconds: 1_700_000_050,
      chargedTxFee: 120_000,
      hbar: { [HOLDER]: -100 * HBAR, [SELLER_A]: 95 * HBAR, [COLLECTOR]: 5 * HBAR },
      nfts: [{ serial: 8, from: SELLER_A, to: HOLDER }],
      fees: [{ amount: 5 * HBAR, collector: COLLECTOR, payers: [SELLER_A], token: null }],
      rewards: { [HOLDER]: 37_000_000 },
    });
    expect(buy).toMatchObject({ kind: 'purchase', price: { hbar: 100n * BigInt(HBAR) }, fees: { networkTinybars: 120_000n } });
  });

  it('a PAWS market purchase: the market pays the network fee, the buyer the price, the seller the royalty', async () => {
    const paws: DetailInput = {
      payer: PAWS_MARKET,
      seconds: 1_700_000_100,
      chargedTxFee: 100_000,
      tokens: [
        [PAWS, HOLDER, -40 * ONE_PAWS],
        [PAWS, SELLER_A, 38 * ONE_PAWS],
        [PAWS, COLLECTOR, 2 * ONE_PAWS],
      ],
      nfts: [{ serial: 9, from: SELLER_A, to: HOLDER, approved: true }],
      fees: [{ amount: 2 * ONE_PAWS, collector: COLLECTOR, payers: [SELLER_A], token: PAWS }],
    };
    const [buy] = await legsFor(paws);
    expect(buy).toMatchObject({ kind: 'purchase', price: { hbar: 0n, paws: 40_000_000n }, fees: { royalty: { paws: 0n }, networkTinybars: 0n } });
    const [sale] = await legsFor(paws, SELLER_A);
    expect(sale).toMatchObject({ kind: 'sale', price: { paws: 40_000_000n }, fees: { royalty: { paws: 2_000_000n }, networkTinybars: 0n } });
  });

  it('a cart with several tigers and sellers: each tiger at its seller’s price, two from one seller split pro rata', async () => {
    const legs = await legsFor({
      payer: PAWS_MARKET,
      seconds: 1_700_000_200,
      tokens: [
        [PAWS, HOLDER, -150 * ONE_PAWS],
        [PAWS, SELLER_A, 85_500_000],
        [PAWS, SELLER_B, 57 * ONE_PAWS],
        [PAWS, COLLECTOR, 7_500_000],
      ],
      nfts: [
        { serial: 10, from: SELLER_A, to: HOLDER, approved: true },
        { serial: 11, from: SELLER_A, to: HOLDER, approved: true },
        { serial: 12, from: SELLER_B, to: HOLDER, approved: true },
      ],
      fees: [
        { amount: 4_500_000, collector: COLLECTOR, payers: [SELLER_A], token: PAWS },
        { amount: 3_000_000, collector: COLLECTOR, payers: [SELLER_B], token: PAWS },
      ],
    });
    expect(legs.map((leg) => [leg.serial, leg.kind, leg.price.paws, leg.proRata])).toEqual([
      [10, 'purchase', 45_000_000n, true],
      [11, 'purchase', 45_000_000n, true],
      [12, 'purchase', 60_000_000n, false],
    ]);
    expect(legs[0]?.notes).toContain('split pro rata over the tigers and payers of one transaction');
  });

  it('several payers: the holder’s cost is its share of what it paid, pro rata, never another buyer’s money', async () => {
    const legs = await legsFor({
      payer: PAWS_MARKET,
      seconds: 1_700_000_250,
      tokens: [
        [PAWS, HOLDER, -30 * ONE_PAWS],
        [PAWS, OTHER_BUYER, -50 * ONE_PAWS],
        [PAWS, SELLER_A, 76 * ONE_PAWS],
        [PAWS, COLLECTOR, 4 * ONE_PAWS],
      ],
      nfts: [
        { serial: 20, from: SELLER_A, to: HOLDER },
        { serial: 21, from: SELLER_A, to: OTHER_BUYER },
      ],
      fees: [{ amount: 4 * ONE_PAWS, collector: COLLECTOR, payers: [SELLER_A], token: PAWS }],
    });
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ serial: 20, kind: 'purchase', price: { paws: 30_000_000n }, proRata: true });
    expect(legs[0]?.notes).toContain('several payers: the holder’s share, pro rata');
  });

  it('a mint: no cost basis, said so; the minting account’s network fee still counts', async () => {
    const [leg] = await legsFor({
      payer: HOLDER,
      seconds: 1_700_000_300,
      name: 'TOKENMINT',
      chargedTxFee: 50_000,
      nfts: [{ serial: 30, from: null, to: HOLDER }],
    });
    expect(leg).toMatchObject({ kind: 'mint', counterparty: null, price: { hbar: 0n, paws: 0n }, fees: { networkTinybars: 50_000n } });
    expect(leg?.notes).toContain('no cost basis: a mint');
  });

  it('an airdrop from the treasury, and a plain transfer from anyone else: no cost basis', async () => {
    const [airdrop] = await legsFor({ payer: TREASURY, seconds: 1_700_000_400, chargedTxFee: 40_000, nfts: [{ serial: 31, from: TREASURY, to: HOLDER }] });
    expect(airdrop).toMatchObject({ kind: 'airdrop', price: { hbar: 0n, paws: 0n }, fees: { networkTinybars: 0n } });
    expect(airdrop?.notes).toContain('no cost basis: an airdrop');
    const [gift] = await legsFor({ payer: SELLER_B, seconds: 1_700_000_450, nfts: [{ serial: 32, from: SELLER_B, to: HOLDER }] });
    expect(gift).toMatchObject({ kind: 'transfer', counterparty: SELLER_B, price: { hbar: 0n, paws: 0n } });
    expect(gift?.notes).toContain('no cost basis: a plain transfer');
  });

  it('an OTC swap: a tiger plus HBAR and PAWS for a tiger, straight between two accounts', async () => {
    // The holder gives #40, 30 HBAR and 100 PAWS for #41; the royalty takes 5 % of the seller's credits,
    // and the fallback fee (5 HBAR) on #40, for which its sender received nothing, is charged to its receiver.
    const legs = await legsFor({
      payer: HOLDER,
      seconds: 1_700_000_500,
      chargedTxFee: 90_000,
      hbar: { [HOLDER]: -30 * HBAR, [SELLER_A]: 2_350_000_000, [COLLECTOR]: 650_000_000 },
      tokens: [
        [PAWS, HOLDER, -100 * ONE_PAWS],
        [PAWS, SELLER_A, 95 * ONE_PAWS],
        [PAWS, COLLECTOR, 5 * ONE_PAWS],
      ],
      nfts: [
        { serial: 41, from: SELLER_A, to: HOLDER },
        { serial: 40, from: HOLDER, to: SELLER_A },
      ],
      fees: [
        { amount: 150_000_000, collector: COLLECTOR, payers: [SELLER_A], token: null },
        { amount: 5 * ONE_PAWS, collector: COLLECTOR, payers: [SELLER_A], token: PAWS },
        { amount: 500_000_000, collector: COLLECTOR, payers: [SELLER_A], token: null },
      ],
    });
    const buy = legs.find((leg) => leg.serial === 41);
    const given = legs.find((leg) => leg.serial === 40);
    expect(buy).toMatchObject({ side: 'buy', kind: 'purchase', price: { hbar: 3_000_000_000n, paws: 100_000_000n } });
    expect(given).toMatchObject({ side: 'sell', kind: 'transfer', counterparty: SELLER_A, price: { hbar: 0n, paws: 0n } });
    // The holder paid the network fee once, shared by its two tigers.
    expect((buy?.fees.networkTinybars ?? 0n) + (given?.fees.networkTinybars ?? 0n)).toBe(90_000n);
  });

  it('a foreign token: named with its amount, not priced', async () => {
    const [leg] = await legsFor({
      payer: HOLDER,
      seconds: 1_700_000_600,
      hbar: { [HOLDER]: -10 * HBAR, [SELLER_B]: 950_000_000, [COLLECTOR]: 50_000_000 },
      tokens: [
        [SAUCE, HOLDER, -1000],
        [SAUCE, SELLER_B, 950],
        [SAUCE, COLLECTOR, 50],
      ],
      nfts: [{ serial: 50, from: SELLER_B, to: HOLDER }],
      fees: [
        { amount: 50_000_000, collector: COLLECTOR, payers: [SELLER_B], token: null },
        { amount: 50, collector: COLLECTOR, payers: [SELLER_B], token: SAUCE },
      ],
    });
    expect(leg).toMatchObject({ kind: 'purchase', price: { hbar: 1_000_000_000n, paws: 0n }, foreign: [{ tokenId: SAUCE, amount: 1000n }] });
    expect(leg?.notes).toContain(`paid in other tokens, not priced: ${SAUCE}`);
  });

  it('a transaction that did not move the holder’s tigers means nothing for it', async () => {
    expect(await legsFor({ payer: SELLER_A, seconds: 1_700_000_700, nfts: [{ serial: 60, from: SELLER_A, to: SELLER_B }] })).toEqual([]);
  });
});

describe('splitEvenly', () => {
  it('adds up exactly, the remainder one unit each to the first shares', () => {
    expect(splitEvenly(10n, 3)).toEqual([4n, 3n, 3n]);
    expect(splitEvenly(0n, 2)).toEqual([0n, 0n]);
  });
});
