/**
 * PAWS offers on mainnet's clock: consensus 1 s after the wallet's answer and the mirror node 6 s
 * after that. Each step is one call, made right after the wallet answered (after the precheck, as
 * HashPack does): the server waits for the approval on the ledger within its budget.
 */
import { AccountId, TokenId, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/local-server';
import {
  BOB,
  CAROL,
  DAVE,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  call,
  nftOnLedger,
  ownedSerials,
  pawsBalance,
  signAndSubmit,
  signIn,
} from '../support/sandbox-client';
import { LAG_CLOCK, LAG_CLOCK_ENV, LAG_STEP_MS, followedOn, settledOn, timedInto } from '../support/lag-flows';

const MIRROR_LAG_MS = LAG_CLOCK.mirrorLagMs;
let server: TestServer;
const cookies: Record<string, string> = {};
let carolSerials: number[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ env: LAG_CLOCK_ENV });
  for (const account of [BOB, CAROL]) cookies[account] = await signIn(server.origin, account);
  carolSerials = await ownedSerials(server.origin, CAROL);
}, 60_000);
afterAll(async () => {
  console.info(`offer flows under a ${MIRROR_LAG_MS / 1000} s mirror lag (1 s consensus): ${JSON.stringify(timings)}`);
  await server?.dispose();
});

const timed = <T>(flow: string, run: () => Promise<T>) => timedInto(timings, flow, run);
const followed = (transactionId: string) => followedOn(server.origin, transactionId);

/** The wallet's answer to an NFT approval of one tiger (after the precheck, before consensus). */
async function submitTigerApproval(owner: string, serial: number): Promise<string> {
  const prepared = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
    cookie: cookies[owner],
    body: { ownerAccountId: owner, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
  });
  const submitted = await signAndSubmit(server.origin, owner, prepared.json.transactionBytes);
  expect(submitted.status).toBe('OK');
  return submitted.transactionId;
}

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
  const short = await call<{ amount: string }>(server.origin, 'POST', '/api/paws/offers', { cookie: cookies[buyer], body });
  expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW' } });
  const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
    cookie: cookies[buyer],
    body: { ownerAccountId: buyer, tokenId: PAWS_TOKEN, amount: short.json.amount, spenderAccountId: MARKETPLACE },
  });
  const approval = await signAndSubmit(server.origin, buyer, allowance.json.transactionBytes);
  expect(approval.status).toBe('OK');
  const made = await timed(flow, () =>
    call<{ offer: { id: string; funded: boolean } }>(server.origin, 'POST', '/api/paws/offers', {
      cookie: cookies[buyer],
      body: { ...body, allowanceTransactionId: approval.transactionId },
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
      const [bobBefore, carolBefore] = [await pawsBalance(server.origin, BOB), await pawsBalance(server.origin, CAROL)];
      const approvalTransactionId = await submitTigerApproval(CAROL, serial);
      const accepted = await timed('accept after approval', () =>
        call<{ transactionId: string }>(server.origin, 'POST', `/api/paws/offers/${offerId}/accept`, {
          cookie: cookies[CAROL],
          body: { sellerId: CAROL, serialNumber: serial, approvalTransactionId },
        }),
      );
      const settled = await settledOn(server.origin, accepted);
      if (settled.confirmedInRequest) expect(accepted.json).toMatchObject({ sale: { buyerId: BOB, sellerId: CAROL, pawsAmount: '250.5' } });
      expect(timings['accept after approval']).toBeGreaterThanOrEqual(MIRROR_LAG_MS);
      // settled (the receipt said SUCCESS); the mirror node shows it after its lag
      expect(await followed(settled.transactionId)).toBe('success');
      expect(await nftOnLedger(server.origin, serial)).toEqual({ owner: BOB, spender: null });
      expect(await pawsBalance(server.origin, BOB)).toBe(bobBefore - 250_500_000n);
      expect(await pawsBalance(server.origin, CAROL)).toBe(carolBefore + 250_500_000n);
    },
    3 * LAG_STEP_MS,
  );

  it(
    'PAWS spent before the mirror node shows it: the ledger refuses the settlement, nothing moves; then the offer reads unfunded',
    async () => {
      const serial = carolSerials[1] as number;
      const offerId = await offerWithFirstAllowance(BOB, serial, '100', 'second offer after allowance');
      expect(await followed(await submitTigerApproval(CAROL, serial))).toBe('success');
      const [bobBefore, carolBefore] = [await pawsBalance(server.origin, BOB), await pawsBalance(server.origin, CAROL)];
      const spent = bobBefore - 50_000_000n;
      const transfer = new TransferTransaction()
        .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), BOB, -spent)
        .addTokenTransfer(TokenId.fromString(PAWS_TOKEN), DAVE, spent)
        .setTransactionId(TransactionId.generate(BOB))
        .setNodeAccountIds([AccountId.fromString('0.0.3')])
        .freeze();
      const spend = await signAndSubmit(server.origin, BOB, Buffer.from(transfer.toBytes()).toString('base64'));
      expect(spend.status).toBe('OK');
      const accept = () =>
        call(server.origin, 'POST', `/api/paws/offers/${offerId}/accept`, { cookie: cookies[CAROL], body: { sellerId: CAROL, serialNumber: serial } });
      // the mirror node still shows Bob's PAWS: the settlement goes to the ledger, which applies the spend first
      expect(await accept()).toMatchObject({ status: 409, json: { code: 'SETTLEMENT_REFUSED' } });
      expect(await followed(spend.transactionId)).toBe('success');
      expect(await accept()).toMatchObject({ status: 409, json: { code: 'OFFER_UNFUNDED' } });
      expect(await nftOnLedger(server.origin, serial)).toEqual({ owner: CAROL, spender: MARKETPLACE });
      expect(await pawsBalance(server.origin, BOB)).toBe(bobBefore - spent);
      expect(await pawsBalance(server.origin, CAROL)).toBe(carolBefore);
    },
    4 * LAG_STEP_MS,
  );
});
