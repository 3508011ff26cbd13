/**
 * Load run (part of `npm run bench`; loopback only, bounded in time): the hot public reads at 50
 * concurrent connections for 10 s, then 20 concurrent buyers racing for 20 PAWS listings.
 * Prints throughput, latency percentiles and errors; exits non-zero on any error or double sale.
 */
import autocannon from 'autocannon';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { startTestServer } from '../support/local-server';
import { ALICE, MARKETPLACE, NFT_TOKEN, PAWS_TOKEN, call, nftOnLedger, ownedSerials, pawsBalance, signAndExecute, signIn } from '../support/sandbox-client';

const PRICE = '10';
const PRICE_UNITS = 10_000_000n;

const server = await startTestServer();
let failed = false;
try {
  // Warm the caches the way the first visitors would.
  for (const path of [`/api/collection/complete/${NFT_TOKEN}?page=1&limit=44`, '/api/paws/listings?page=1&limit=20', '/api/paws/price', '/api/hbar/price']) {
    await call(server.origin, 'GET', path);
  }
  const reads = await autocannon({
    url: server.origin,
    connections: 50,
    duration: 10,
    requests: [
      { method: 'GET', path: `/api/collection/complete/${NFT_TOKEN}?page=3&limit=44&sort=rarity` },
      { method: 'GET', path: '/api/paws/listings?page=1&limit=20' },
      { method: 'GET', path: '/api/paws/price' },
      { method: 'GET', path: '/api/hbar/price' },
    ],
  });
  const readErrors = reads.errors + reads.timeouts + reads.non2xx;
  process.stdout.write(
    `hot reads (50 connections, 10 s): ${reads.requests.average.toFixed(0)} req/s, p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, errors ${readErrors}\n`,
  );
  if (readErrors) failed = true;

  // 20 listings by Alice, 20 buyers (generated holders with PAWS), every buyer tries every listing at once.
  const alice = await signIn(server.origin, ALICE);
  const serials = (await ownedSerials(server.origin, ALICE)).slice(0, 20);
  const listingIds: string[] = [];
  for (const serial of serials) {
    const prepared = await call<{ pendingListing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: alice,
      body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: PRICE },
    });
    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
      cookie: alice,
      body: { ownerAccountId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
    });
    const approval = await signAndExecute(server.origin, ALICE, allowance.json.transactionBytes);
    const completed = await call<{ listing: { id: string } }>(server.origin, 'POST', '/api/paws/listings/complete', {
      cookie: alice,
      body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approval.transactionId },
    });
    listingIds.push(completed.json.listing.id);
  }
  const buyers = sandboxSeed()
    .accounts.filter((account) => account.label === null && (account.paws ?? 0n) >= 20n * PRICE_UNITS)
    .slice(0, 20)
    .map((account) => account.accountId);
  const cookies = new Map<string, string>();
  for (const buyer of buyers) {
    cookies.set(buyer, await signIn(server.origin, buyer));
    const allowance = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/token-allowance/prepare', {
      cookie: cookies.get(buyer),
      body: { ownerAccountId: buyer, tokenId: PAWS_TOKEN, amount: String(20 * Number(PRICE)), spenderAccountId: MARKETPLACE },
    });
    await signAndExecute(server.origin, buyer, allowance.json.transactionBytes);
  }
  const before = new Map(await Promise.all([ALICE, ...buyers].map(async (account) => [account, await pawsBalance(server.origin, account)] as const)));

  const started = performance.now();
  const attempts = await Promise.all(
    buyers.flatMap((buyer) =>
      listingIds.map(async (listingId) => {
        const answer = await call<{ listing?: { sale?: { buyerId: string } } }>(server.origin, 'POST', '/api/paws/buy/prepare', {
          cookie: cookies.get(buyer),
          body: { listingId, buyerId: buyer },
        });
        const code = (answer.json as { code?: string }).code;
        return { buyer, listingId, status: answer.status, code, winner: answer.json.listing?.sale?.buyerId };
      }),
    ),
  );
  const elapsed = performance.now() - started;
  const sales = attempts.filter((attempt) => attempt.status === 200);
  const failures = attempts.filter((attempt) => attempt.status !== 200 && attempt.status !== 409);
  const errors = failures.length;
  const errorStatuses = Object.entries(Object.groupBy(failures, (attempt) => `${attempt.status} ${attempt.code ?? ''}`.trim())).map(
    ([status, list]) => `${status} x${list?.length ?? 0}`,
  );
  const soldListings = new Set(sales.map((sale) => sale.listingId));
  const doubleSales = sales.length - soldListings.size;
  let ledgerMismatch = 0;
  for (const sale of sales) {
    const serial = serials[listingIds.indexOf(sale.listingId)] as number;
    if ((await nftOnLedger(server.origin, serial)).owner !== sale.buyer) ledgerMismatch += 1;
  }
  let paidWrong = 0;
  for (const buyer of buyers) {
    const wins = BigInt(sales.filter((sale) => sale.buyer === buyer).length);
    if ((await pawsBalance(server.origin, buyer)) !== (before.get(buyer) as bigint) - wins * PRICE_UNITS) paidWrong += 1;
  }
  const sellerGain = (await pawsBalance(server.origin, ALICE)) - (before.get(ALICE) as bigint);
  process.stdout.write(
    `PAWS race (${buyers.length} buyers x ${listingIds.length} listings, ${attempts.length} concurrent buys): ${sales.length} sales in ${elapsed.toFixed(0)} ms, ` +
      `409s ${attempts.length - sales.length - errors}, errors ${errors}${errors ? ` (${errorStatuses.join(', ')})` : ''}, double sales ${doubleSales}, ledger mismatches ${ledgerMismatch}, ` +
      `buyers charged wrongly ${paidWrong}, seller received ${Number(sellerGain) / 1e6} PAWS\n`,
  );
  if (errors || doubleSales || ledgerMismatch || paidWrong || sales.length !== listingIds.length || sellerGain !== BigInt(sales.length) * PRICE_UNITS)
    failed = true;
} finally {
  await server.dispose();
}
process.exit(failed ? 1 : 0);
