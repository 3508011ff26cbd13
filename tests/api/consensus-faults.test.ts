/**
 * Settlements reach the sandbox consensus node through the production SDK writer over gRPC-web,
 * and meet the node's failures as on mainnet: a BUSY precheck is retried, a lost submission
 * leaves the outcome unknown, and the settlement after a failed one answers 503 without claiming
 * anything (it answered 500 before: the SDK froze nothing while its only node backed off).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { LAG_STEP_MS, settledOn } from '../support/lag-flows';
import { approvePawsSpend, buyListing, injectFault, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, call, nftOnLedger, ownedSerials } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB] });
const alice = () => suite.holder(ALICE);
const bob = () => suite.holder(BOB);
let serials: number[] = [];

beforeAll(async () => {
  serials = await ownedSerials(suite.origin, ALICE);
  await approvePawsSpend(bob(), '10000');
});

describe('settlements through the consensus node stand-in', () => {
  it('settles through a BUSY precheck, as the SDK retries a throttled node', async () => {
    const serial = serials[0] as number;
    const listing = await listForPaws(alice(), serial, '20');
    await injectFault(suite.origin, { service: 'consensus', match: 'cryptoTransfer', fault: 'busy', times: 2 });
    expect((await buyListing(bob(), listing.id)).status).toBe(200);
    expect((await nftOnLedger(suite.origin, serial)).owner).toBe(BOB);
  });

  it('answers the settlement after a lost one with 503, claims nothing, and settles once the node is back', async () => {
    const [lostSerial, nextSerial] = [serials[1] as number, serials[2] as number];
    const lostListing = await listForPaws(alice(), lostSerial, '30');
    const nextListing = await listForPaws(alice(), nextSerial, '40');
    await injectFault(suite.origin, { service: 'consensus', match: 'cryptoTransfer', fault: 'drop' });
    const lost = await buyListing(bob(), lostListing.id);
    expect(lost).toMatchObject({ status: 503, json: { code: 'SETTLEMENT_UNCONFIRMED' } });

    const refused = await buyListing(bob(), nextListing.id);
    expect(refused).toMatchObject({ status: 503, json: { code: 'LEDGER_UNAVAILABLE' } });
    const page = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings?page=1&limit=100');
    expect(page.json.listings.map((entry) => entry.id)).toContain(nextListing.id);
    expect((await nftOnLedger(suite.origin, nextSerial)).owner).toBe(ALICE);

    // The writer leaves a failed node out for 3 s (src/features/ledger/sdk-writer-adapter.ts NODE_BACKOFF_MS).
    await expect.poll(async () => (await buyListing(bob(), nextListing.id)).status, { timeout: 5_000, interval: 250 }).toBe(200);
    expect((await nftOnLedger(suite.origin, nextSerial)).owner).toBe(BOB);
  });

  it(
    'answers a settlement whose receipts never come within the budget with 503 SETTLEMENT_UNCONFIRMED; the ledger shows it settled',
    async () => {
      const serial = serials[3] as number;
      const listing = await listForPaws(alice(), serial, '35');
      // The node takes the transfer, then every receipt query hangs past the SDK's per-request deadline.
      await injectFault(suite.origin, { service: 'consensus', match: 'getTransactionReceipts', fault: 'timeout', times: 100 });
      const answer = await buyListing(bob(), listing.id);
      expect(answer).toMatchObject({ status: 503, json: { code: 'SETTLEMENT_UNCONFIRMED' } });
      expect((await fetch(`${suite.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
      expect(await settledOn(suite.origin, answer)).toEqual({ transactionId: expect.stringMatching(/^0\.0\.7000100@/), confirmedInRequest: false });
      expect((await nftOnLedger(suite.origin, serial)).owner).toBe(BOB);
    },
    2 * LAG_STEP_MS,
  );
});
