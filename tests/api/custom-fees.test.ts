/**
 * The collection's custom fees through the API, on the sandbox ledger that assesses them as consensus
 * nodes do: what the fees route tells the dialogs is what a sale moves, to the base unit; a royalty
 * collector that cannot hold PAWS makes the listing and the offer's acceptance refuse before
 * anything moves, not a settlement fail at consensus.
 */
import { describe, expect, it } from 'vitest';
import { type SaleFeeTerms, saleSplit } from '../../src/features/paws-market/sale-fees';
import { type SaleFeesAnswer, saleFeeTerms } from '../../src/features/paws-market/sale-fees-client';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { sandboxSuite } from '../support/api-suite';
import { type Holder, approvePawsSpend, approveTigerSpend, buyListing, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, CAROL, NFT_TOKEN, PAWS_TOKEN, ROYALTY_COLLECTOR, call, nftOnLedger, pawsBalance } from '../support/sandbox-client';

const serialsOf = (accountId: string) =>
  sandboxSeed()
    .nftOwners.map((owner, index) => (owner === accountId ? index + 1 : 0))
    .filter(Boolean);

/** `buyer` offers 20 PAWS on `serial` (approving that much first); the offer's id. */
async function offerTwentyPaws(buyer: Holder, serial: number): Promise<string> {
  const offerId = crypto.randomUUID();
  const allowanceTransactionId = await approvePawsSpend(buyer, '20');
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const body = {
    offerId,
    buyerId: buyer.accountId,
    tokenId: NFT_TOKEN,
    serialNumber: serial,
    kind: 'item',
    pawsAmount: '20',
    expiresAt,
    allowanceTransactionId,
  };
  const made = await call(buyer.origin, 'POST', '/api/paws/offers', { cookie: buyer.cookie, body });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return offerId;
}

describe('a PAWS sale under the collection’s royalty', () => {
  const suite = sandboxSuite({ holders: [ALICE, BOB] });

  it('the fees route names the royalty; a purchase moves exactly what it says: buyer, seller and collector', async () => {
    const fees = await call<SaleFeesAnswer>(suite.origin, 'GET', '/api/paws/fees');
    expect(fees.status).toBe(200);
    expect(fees.headers.get('cache-control')).toContain('s-maxage=300');
    expect(fees.json).toMatchObject({
      pawsTokenId: PAWS_TOKEN,
      pawsDecimals: 6,
      nft: {
        royalty: [
          { numerator: '5', denominator: '100', collectorAccountId: ROYALTY_COLLECTOR, fallbackFee: { amount: '500000000', denominatingTokenId: null } },
        ],
      },
      paws: { fixed: [], fractional: [], royalty: [] },
    });
    const terms: SaleFeeTerms = saleFeeTerms(fees.json);

    const serial = serialsOf(ALICE).at(-3) as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '123.45');
    const before = await Promise.all([ALICE, BOB, ROYALTY_COLLECTOR].map((account) => pawsBalance(suite.origin, account)));
    await approvePawsSpend(suite.holder(BOB), '123.45');
    expect((await buyListing(suite.holder(BOB), listing.id)).status).toBe(200);
    const after = await Promise.all([ALICE, BOB, ROYALTY_COLLECTOR].map((account) => pawsBalance(suite.origin, account)));
    const split = saleSplit(123_450_000n, { seller: ALICE, buyer: BOB }, terms);
    expect(split).toMatchObject({ buyerPays: 123_450_000n, sellerReceives: 117_277_500n });
    expect(after.map((balance, index) => balance - (before[index] as bigint))).toEqual([split.sellerReceives, -split.buyerPays, 6_172_500n]);
    expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: BOB, spender: null });
  });
});

describe('a royalty collector that cannot hold PAWS', () => {
  const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL], server: { env: { SANDBOX_ROYALTY_COLLECTOR_PAWS: 'unassociated' } } });
  const refusal = (what: string, outcome: string) => ({
    status: 409,
    json: {
      code: 'FEE_COLLECTOR_CANNOT_RECEIVE',
      error: `The fee collector ${ROYALTY_COLLECTOR} cannot receive PAWS, so the ledger would refuse ${what}. ${outcome}`,
      collectorAccountId: ROYALTY_COLLECTOR,
      tokenId: PAWS_TOKEN,
    },
  });

  it('makes a listing refuse with the reason, and nothing is listed', async () => {
    const serial = serialsOf(ALICE).at(-4) as number;
    const prepared = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(ALICE).cookie,
      body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '10' },
    });
    expect(prepared).toMatchObject(refusal('any sale of this tiger', 'Nothing was listed.'));
    const mine = await call<{ listings: unknown[] }>(suite.origin, 'GET', `/api/paws/listings/user/${ALICE}`);
    expect(mine.json.listings).toEqual([]);
  });

  it('makes the acceptance of an offer refuse before anything moves: the tiger and the PAWS stay where they were', async () => {
    const serial = serialsOf(CAROL).at(-1) as number;
    const offerId = await offerTwentyPaws(suite.holder(BOB), serial);
    const before = await Promise.all([BOB, CAROL].map((account) => pawsBalance(suite.origin, account)));
    const approvalTransactionId = await approveTigerSpend(suite.holder(CAROL), serial);
    const accepted = await call(suite.origin, 'POST', `/api/paws/offers/${offerId}/accept`, {
      cookie: suite.holder(CAROL).cookie,
      body: { sellerId: CAROL, serialNumber: serial, approvalTransactionId },
    });
    expect(accepted).toMatchObject(refusal('this sale', 'Nothing was charged, and your tiger stays yours.'));
    expect((await nftOnLedger(suite.origin, serial)).owner).toBe(CAROL);
    expect(await Promise.all([BOB, CAROL].map((account) => pawsBalance(suite.origin, account)))).toEqual(before);
  });
});

describe('a PAWS fee net of transfers, which the buyer pays on top of the price', () => {
  // 1/100 of what is sent, at least 1 PAWS, charged to the sender on top (SANDBOX_PAWS_FRACTIONAL_FEE).
  const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL], server: { env: { SANDBOX_PAWS_FRACTIONAL_FEE: '1/100:1000000:0:net' } } });

  it('a purchase asks for an allowance covering the fee too, then moves what saleSplit says', async () => {
    const serial = serialsOf(ALICE).at(-5) as number;
    const listing = await listForPaws(suite.holder(ALICE), serial, '250');
    const short = await buyListing(suite.holder(BOB), listing.id);
    expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', amount: '252.5' } });
    const terms = saleFeeTerms((await call<SaleFeesAnswer>(suite.origin, 'GET', '/api/paws/fees')).json);
    const split = saleSplit(250_000_000n, { seller: ALICE, buyer: BOB }, terms);
    expect(split).toMatchObject({ buyerPays: 252_500_000n, sellerReceives: 237_500_000n });
    const before = await Promise.all([ALICE, BOB, ROYALTY_COLLECTOR].map((account) => pawsBalance(suite.origin, account)));
    await approvePawsSpend(suite.holder(BOB), '252.5');
    expect((await buyListing(suite.holder(BOB), listing.id)).status).toBe(200);
    const after = await Promise.all([ALICE, BOB, ROYALTY_COLLECTOR].map((account) => pawsBalance(suite.origin, account)));
    expect(after.map((balance, index) => balance - (before[index] as bigint))).toEqual([split.sellerReceives, -split.buyerPays, 15_000_000n]);
  });

  it('an offer whose buyer’s allowance covers the offer but not the fee is unfunded, not a failed settlement', async () => {
    const serial = serialsOf(CAROL).at(-1) as number;
    const offerId = await offerTwentyPaws(suite.holder(BOB), serial);
    const approvalTransactionId = await approveTigerSpend(suite.holder(CAROL), serial);
    const accepted = await call(suite.origin, 'POST', `/api/paws/offers/${offerId}/accept`, {
      cookie: suite.holder(CAROL).cookie,
      body: { sellerId: CAROL, serialNumber: serial, approvalTransactionId },
    });
    expect(accepted).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
    expect((await nftOnLedger(suite.origin, serial)).owner).toBe(CAROL);
  });
});
