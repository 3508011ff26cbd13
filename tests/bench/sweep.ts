/**
 * A 10-tiger sweep of the floor on mainnet's clock (part of `npm run bench`; runnable alone: `npx tsx
 * tests/bench/sweep.ts`). Each run: four sellers list ten tigers (bulk listings, not timed); the
 * buyer's page asks for the ten cheapest (GET /api/paws/sweep), checks out, is told the allowance is
 * short, approves the cart's total in the wallet (the sweep's only prompt) and checks out again
 * naming that approval. Reports the wallet prompts, the transfers the server settled, and the time
 * from the first prompt to the checkout's answer (all ten bought on the ledger, by the receipts) and
 * to the mirror node showing all ten as the buyer's. Exits non-zero when a run fails, or prompts more than 2.
 */
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { startTestServer } from '../support/local-server';
import {
  ALICE,
  BOB,
  MARKETPLACE,
  NFT_TOKEN,
  PAWS_TOKEN,
  call,
  mirrorGet,
  ownedSerials,
  signAndExecute,
  signAndSubmit,
  signIn,
} from '../support/sandbox-client';

const RUNS = Math.max(1, Number(process.env.SWEEP_RUNS ?? 3));
const SWEEP = 10;
/** Issue 43: a sweep asks the wallet at most twice. */
const MAX_PROMPTS = 2;

type Json = Record<string, unknown>;
const seed = sandboxSeed();
const owned = (accountId: string) => seed.nftOwners.flatMap((owner, index) => (owner === accountId ? [index + 1] : []));
/** Three generated holders who can be paid PAWS and hold tigers enough for every run. */
const HOLDERS = seed.accounts
  .filter((account) => account.label === null && account.paws !== null && owned(account.accountId).length >= 2 * RUNS && owned(account.accountId).length < 60)
  .slice(0, 3)
  .map((account) => account.accountId);
/** Four sellers, ten listings a run: Alice's four (she holds 32 at genesis) and two of each holder's. */
const SELLERS: [string, number][] = [[ALICE, 4], ...HOLDERS.map((holder): [string, number] => [holder, 2])];
if (RUNS > 8 || HOLDERS.length < 3) throw new Error(`SWEEP_RUNS=${RUNS}: the seed's holdings allow at most 8 runs`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A call that must answer 200; asked again while the server waits for the ledger (LEDGER_PENDING), as the page does. */
async function must(origin: string, method: string, path: string, options: { cookie: string; body?: unknown }): Promise<Json> {
  for (;;) {
    const answer = await call<Json>(origin, method, path, options);
    if (answer.status === 200) return answer.json;
    if (answer.json.code !== 'LEDGER_PENDING') throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(answer.json)}`);
  }
}

const server = await startTestServer({ mainnetClock: true });
const origin = server.origin;
let failed = false;
try {
  const cookies = new Map(
    await Promise.all([BOB, ...SELLERS.map(([seller]) => seller)].map(async (account) => [account, await signIn(origin, account)] as const)),
  );
  const serials = new Map(await Promise.all(SELLERS.map(async ([seller]) => [seller, await ownedSerials(origin, seller)] as const)));
  const results: { prompts: number; transfers: number; answered: number; owned: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Ten listings from four sellers, each seller's approved in one transaction (not timed).
    await Promise.all(
      SELLERS.map(async ([seller, count]) => {
        const cookie = cookies.get(seller) as string;
        const mine = (serials.get(seller) ?? []).slice(run * count, (run + 1) * count);
        const items = mine.map((serialNumber, index) => ({ serialNumber, pawsPrice: String(2 + index) }));
        const prepared = await must(origin, 'POST', '/api/paws/listings/bulk/prepare', { cookie, body: { sellerId: seller, tokenId: NFT_TOKEN, items } });
        const approvals = await must(origin, 'POST', '/api/paws/allowance/bulk/prepare', {
          cookie,
          body: { ownerAccountId: seller, tokenId: NFT_TOKEN, serialNumbers: mine, spenderAccountId: MARKETPLACE },
        });
        const [transaction] = approvals.transactions as { transactionBytes: string }[];
        const approved = await signAndExecute(origin, seller, (transaction as { transactionBytes: string }).transactionBytes);
        const pending = prepared.pendingListings as { id: string }[];
        await must(origin, 'POST', '/api/paws/listings/bulk/complete', {
          cookie,
          body: { items: pending.map((entry) => ({ pendingListingId: entry.id, approvalTransactionId: approved.transactionId })) },
        });
      }),
    );

    // The sweep, as the buyer's page runs it.
    const bob = cookies.get(BOB) as string;
    const found = await must(origin, 'GET', `/api/paws/sweep?count=${SWEEP}&buyerId=${BOB}`, { cookie: bob });
    const listingIds = (found.listings as { id: string; serialNumber: number }[]).map((listing) => listing.id);
    const sweptSerials = (found.listings as { serialNumber: number }[]).map((listing) => listing.serialNumber);
    if (listingIds.length !== SWEEP) throw new Error(`the sweep found ${listingIds.length} listings`);
    let prompts = 0;
    const first = await call<Json>(origin, 'POST', '/api/paws/cart/checkout', { cookie: bob, body: { buyerId: BOB, listingIds } });
    let answer = first.json;
    let promptedAt = performance.now();
    if (first.status === 400 && first.json.code === 'PAWS_ALLOWANCE_LOW') {
      const allowance = await must(origin, 'POST', '/api/paws/token-allowance/prepare', {
        cookie: bob,
        body: { ownerAccountId: BOB, tokenId: PAWS_TOKEN, amount: String(first.json.amount), spenderAccountId: MARKETPLACE },
      });
      prompts += 1;
      promptedAt = performance.now();
      const submitted = await signAndSubmit(origin, BOB, String(allowance.transactionBytes));
      answer = await must(origin, 'POST', '/api/paws/cart/checkout', {
        cookie: bob,
        body: { buyerId: BOB, listingIds, allowanceTransactionId: submitted.transactionId },
      });
    } else if (first.status !== 200) throw new Error(`the checkout answered ${first.status} ${JSON.stringify(first.json)}`);
    const answered = performance.now() - promptedAt;
    const bought = (answer.bought as unknown[]).length;
    if (bought !== SWEEP) throw new Error(`the checkout bought ${bought} of ${SWEEP}: ${JSON.stringify(answer)}`);
    for (;;) {
      const nfts = await mirrorGet<{ nfts: { serial_number: number }[] }>(origin, `/api/v1/accounts/${BOB}/nfts?token.id=${NFT_TOKEN}&limit=100`);
      const held = new Set(nfts.json.nfts.map((nft) => nft.serial_number));
      if (sweptSerials.every((serial) => held.has(serial))) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    results.push({ prompts, transfers: (answer.transfers as unknown[]).length, answered, owned: performance.now() - promptedAt });
  }
  const prompts = Math.max(...results.map((result) => result.prompts));
  if (prompts > MAX_PROMPTS) failed = true;
  process.stdout.write('sandbox clock: the default (consensus 2-4 s after the wallet, the mirror node 5-8 s after consensus)\n');
  process.stdout.write(
    `10-tiger sweep from 4 sellers: wallet prompts ${prompts} (at most ${MAX_PROMPTS}); transfers ${results.map((result) => result.transfers).join(', ')}\n`,
  );
  const answeredTimes = results.map((result) => result.answered);
  const ownedTimes = results.map((result) => result.owned);
  process.stdout.write(
    `first prompt -> all ten bought (the checkout's answer): median ${seconds(median(answeredTimes))} of ${RUNS} (${seconds(Math.min(...answeredTimes))}-${seconds(Math.max(...answeredTimes))})\n`,
  );
  process.stdout.write(
    `first prompt -> the mirror shows all ten as the buyer's: median ${seconds(median(ownedTimes))} of ${RUNS} (${seconds(Math.min(...ownedTimes))}-${seconds(Math.max(...ownedTimes))})\n`,
  );
} catch (error) {
  failed = true;
  process.stdout.write(`the sweep failed: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await server.dispose();
}
process.exit(failed ? 1 : 0);
