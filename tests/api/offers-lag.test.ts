/**
 * PAWS offers on mainnet's clock: consensus 1 s after the wallet's answer and the mirror node 6 s
 * after that. Each step is one call, made right after the wallet answered (after the precheck, as
 * HashPack does): the server waits for the approval on the ledger within its budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, approveTigerSpend, sendPaws } from '../support/paws-trades';
import { BOB, CAROL, DAVE, MARKETPLACE, NFT_TOKEN, call, nftOnLedger, ownedSerials, pawsBalance, royaltyOn } from '../support/sandbox-client';
import { LAG_CLOCK, LAG_CLOCK_ENV, LAG_STEP_MS, followedOn, settledOn, timedInto } from '../support/lag-flows';

const MIRROR_LAG_MS = LAG_CLOCK.mirrorLagMs;
const suite = sandboxSuite({ holders: [BOB, CAROL], server: { env: LAG_CLOCK_ENV } });
let carolSerials: number[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  carolSerials = await ownedSerials(suite.origin, CAROL);
});
afterAll(() => {
  console.info(`offer flows under a ${MIRROR_LAG_MS / 1000} s mirror lag (1 s consensus): ${JSON.stringify(timings)}`);
});

const timed = <T>(flow: string, run: () => Promise<T>) => timedInto(timings, flow, run);
/** Followed until the mirror node shows it: what the test reads next shows what it made. */
const shownOnMirror = (transactionId: string) => followedOn(suite.origin, transactionId, { mirror: true });

/** The wallet's answer to an NFT approval of one tiger (after the precheck, before consensus). */
const submitTigerApproval = (owner: string, serial: number) => approveTigerSpend(suite.holder(owner), serial, { wallet: 'precheck' });

/** Makes an item offer: the first call answers the allowance to approve; the second, right after the wallet's answer, waits for it. */
async function offerWithFirstAllowance(buyer: string, serial: number, pawsAmount: string, flow: string): Promise<string> {
  const body = {
    offerId: crypto.randomUUID(),
    buyerId: buyer,
    tokenId: NFT_TOKEN,
    kind: 'item',
    serialNumber: serial,
    pawsAmount,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const short = await call<{ amount: string }>(suite.origin, 'POST', '/api/paws/offers', { cookie: suite.holder(buyer).cookie, body });
  expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW' } });
  const allowanceTransactionId = await approvePawsSpend(suite.holder(buyer), short.json.amount, { wallet: 'precheck' });
  const made = await timed(flow, () =>
    call<{ offer: { id: string; funded: boolean } }>(suite.origin, 'POST', '/api/paws/offers', {
      cookie: suite.holder(buyer).cookie,
      body: { ...body, allowanceTransactionId },
    }),
  );
  expect(made).toMatchObject({ status: 200, json: { offer: { funded: true } } });
  return made.json.offer.id;
}

describe(`offers under a ${MIRROR_LAG_MS / 1000} s mirror lag`, () => {
  it(
    'Bob offers on Carol’s tiger and Carol accepts, each one call after the wallet: the tiger and exactly the offered PAWS move',
    async () => {
      const serial = carolSerials[0] as number;
      const offerId = await offerWithFirstAllowance(BOB, serial, '250.5', 'offer after allowance');
      expect(timings['offer after allowance']).toBeGreaterThanOrEqual(MIRROR_LAG_MS);
      const [bobBefore, carolBefore] = [await pawsBalance(suite.origin, BOB), await pawsBalance(suite.origin, CAROL)];
      const approvalTransactionId = await submitTigerApproval(CAROL, serial);
      const accepted = await timed('accept after approval', () =>
        call<{ transactionId: string }>(suite.origin, 'POST', `/api/paws/offers/${offerId}/accept`, {
          cookie: suite.holder(CAROL).cookie,
          body: { sellerId: CAROL, serialNumber: serial, approvalTransactionId },
        }),
      );
      const settled = await settledOn(suite.origin, accepted);
      if (settled.confirmedInRequest) expect(accepted.json).toMatchObject({ sale: { buyerId: BOB, sellerId: CAROL, pawsAmount: '250.5' } });
      // Settled on the approval's receipt: no wait for the mirror node, which shows the sale after its lag.
      expect(timings['accept after approval']).toBeLessThan(MIRROR_LAG_MS);
      expect(await shownOnMirror(settled.transactionId)).toBe('success');
      expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: BOB, spender: null });
      expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 250_500_000n);
      expect(await pawsBalance(suite.origin, CAROL)).toBe(carolBefore + 250_500_000n - royaltyOn(250_500_000n));
    },
    3 * LAG_STEP_MS,
  );

  it(
    'PAWS spent before the mirror node shows it: the ledger refuses the settlement, nothing moves; then the offer reads unfunded',
    async () => {
      const serial = carolSerials[1] as number;
      const offerId = await offerWithFirstAllowance(BOB, serial, '100', 'second offer after allowance');
      expect(await shownOnMirror(await submitTigerApproval(CAROL, serial))).toBe('success');
      const [bobBefore, carolBefore] = [await pawsBalance(suite.origin, BOB), await pawsBalance(suite.origin, CAROL)];
      const spent = bobBefore - 50_000_000n;
      // Bob's wallet answers after the node's precheck (OK): the spend is not final yet.
      const spendId = await sendPaws(suite.holder(BOB), DAVE, spent, { wallet: 'precheck' });
      const accept = () =>
        call(suite.origin, 'POST', `/api/paws/offers/${offerId}/accept`, {
          cookie: suite.holder(CAROL).cookie,
          body: { sellerId: CAROL, serialNumber: serial },
        });
      // the mirror node still shows Bob's PAWS: the settlement goes to the ledger, which applies the spend first
      expect(await accept()).toMatchObject({ status: 409, json: { code: 'SETTLEMENT_REFUSED' } });
      expect(await shownOnMirror(spendId)).toBe('success');
      expect(await accept()).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
      expect(await nftOnLedger(suite.origin, serial)).toEqual({ owner: CAROL, spender: MARKETPLACE });
      expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - spent);
      expect(await pawsBalance(suite.origin, CAROL)).toBe(carolBefore);
    },
    4 * LAG_STEP_MS,
  );
});
