/**
 * Mirror calls of one holder's portfolio with 300 trades (issue 58 item 5; part of `npm run bench`,
 * runnable alone: `npx tsx tests/bench/portfolio-mirror-calls.ts`). A sandbox ledger in this process
 * records 300 PAWS trades of Bob's (150 round trips with Alice over her tigers, each a transfer both
 * sign, the royalty assessed by the ledger); then the portfolio service, with its production mirror
 * adapters, reads it through a fetch that counts every request by route and answers it from the
 * sandbox mirror's REST handler, its reading kept in an embedded DynamoDB table as in production.
 * Counted: a cold load (nothing kept), a warm one (past the portfolio's 60 s cache: the kept legs,
 * and the account's list read on from its last transaction), one in a process just started (a new
 * service over the same table: no transaction read again), and one after a 301st trade. Exits
 * non-zero when a load costs more than its bound (BENCH_STRICT=0 only reports).
 */
import { NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { createMirrorLedgerReader } from '../../src/features/ledger/mirror-adapter';
import { createPortfolioMirrorAdapter } from '../../src/features/portfolio/portfolio-mirror-adapter';
import { createPortfolioRepo } from '../../src/features/portfolio/portfolio-repo';
import { createPortfolioReading } from '../../src/features/portfolio/portfolio-reading';
import { PORTFOLIO_TTL_MS, createPortfolioService } from '../../src/features/portfolio/portfolio-service';
import { startMemoryStore } from '../support/memory-store';
import { handleMirrorRequest } from '../../src/sandbox/ledger/mirror-api';
import { ALICE, BOB, PAWS, PAWS_UNIT, TIGERS, frozen, newLedger, serialsOf, signed } from '../unit/sandbox/sandbox-helpers';

const STRICT = process.env.BENCH_STRICT !== '0';
const ROUND_TRIPS = 150;
const MIRROR = 'http://sandbox.bench';

const ledger = newLedger();
const counts = new Map<string, number>();
const fetch = async (input: string) => {
  const url = new URL(input);
  const route = url.pathname.replace(/\d+(\.\d+)*(-\d+)*/g, ':n');
  counts.set(route, (counts.get(route) ?? 0) + 1);
  const response = await handleMirrorRequest(ledger, url.pathname, url.searchParams);
  return new Response(response.body, { status: response.status, headers: { 'content-type': response.contentType } });
};
const take = () => {
  const taken = new Map(counts);
  counts.clear();
  return taken;
};
const total = (taken: Map<string, number>) => [...taken.values()].reduce((sum, count) => sum + count, 0);

async function trade(serial: number, seller: [string, string], buyer: [string, string], paws: bigint): Promise<void> {
  const transfer = new TransferTransaction()
    .addNftTransfer(new NftId(TokenId.fromString(TIGERS), serial), seller[0], buyer[0])
    .addTokenTransfer(PAWS, buyer[0], -paws * PAWS_UNIT)
    .addTokenTransfer(PAWS, seller[0], paws * PAWS_UNIT);
  const result = await ledger.execute(await signed(frozen(transfer, buyer[0]), buyer[1], seller[1]));
  if (result.status !== 'SUCCESS') throw new Error(`trade of #${serial}: ${result.status}`);
}

const aliceTigers = serialsOf(await ledger.read(), ALICE).slice(0, 30);
const started = Date.now();
for (let i = 0; i < ROUND_TRIPS; i += 1) {
  const serial = aliceTigers[i % aliceTigers.length] as number;
  await trade(serial, [ALICE, 'alice'], [BOB, 'bob'], 40n);
  await trade(serial, [BOB, 'bob'], [ALICE, 'alice'], 42n);
}
process.stdout.write(`${ROUND_TRIPS * 2} trades recorded in ${Date.now() - started} ms\n`);

let clock = Date.now();
const store = await startMemoryStore();
const table = await store.newTable();
/** A portfolio service as one process builds it (its own mirror adapters and caches), over the shared table. */
function newProcess() {
  const reader = createMirrorLedgerReader({ baseUrl: MIRROR, fetch });
  return createPortfolioService({
    reading: createPortfolioReading({
      ledger: createPortfolioMirrorAdapter({ baseUrl: MIRROR, fetch }),
      store: createPortfolioRepo(store.doc, table),
      reader,
      settings: { nftTokenId: TIGERS, pawsTokenId: PAWS },
      now: () => clock,
    }),
    reader,
    prices: async () => ({
      hbar: async () => ({ priceUsd: 0.18, change24h: null, source: 'bench' }),
      paws: async () => ({ price: 0.0004, priceChange24h: null, marketCap: null, source: 'bench' }),
      history: async () => ({ hbar: [], paws: [], hbarSource: 'unavailable', pawsSource: 'unavailable' }),
    }),
    estimatedValues: async () => new Map(),
    pnlPublic: async () => false,
    now: () => clock,
  });
}
const portfolio = newProcess();
const complete = async (view: ReturnType<typeof portfolio.view>) => {
  const answer = await view;
  if (answer.status !== 'complete') throw new Error(`still reading after one load: ${JSON.stringify(answer)}`);
  return answer;
};

const held = serialsOf(await ledger.read(), BOB).length;
const cold = await complete(portfolio.view(BOB, BOB));
const coldCalls = take();
clock += PORTFOLIO_TTL_MS + 1;
await portfolio.view(BOB, BOB);
const warmCalls = take();
await complete(newProcess().view(BOB, BOB));
const restartedCalls = take();
await trade(aliceTigers[0] as number, [ALICE, 'alice'], [BOB, 'bob'], 40n);
clock += PORTFOLIO_TTL_MS + 1;
const after = await complete(portfolio.view(BOB, BOB));
const afterCalls = take();

const trades = cold.trades.length;
const pages = Math.ceil(trades / 100);
// The bound: the account, the tokens' terms (2), its transaction pages, one detail per trade, its tigers' pages, one history per tiger held without a known arrival.
const coldBound = 1 + 2 + pages + trades + Math.ceil(held / 100) + held;
// Warm: the account's list read on from its last transaction (one page), and its tigers.
const warmBound = 1 + Math.ceil(held / 100);
// A process just started: as warm, plus the account and the tokens' terms, and the arrivals of tigers held that no kept leg explains.
const restartedBound = warmBound + 3 + held;
const show = (title: string, taken: Map<string, number>) =>
  process.stdout.write(`${title}: ${total(taken)} mirror calls (${[...taken].map(([route, count]) => `${route} ${count}`).join(', ')})\n`);
process.stdout.write(`Bob: ${trades} trades, ${held} tigers held (seeded: no history)\n`);
show('cold', coldCalls);
show('warm (past the 60 s cache)', warmCalls);
show('a process just started (the kept legs read from the table)', restartedCalls);
show(`after a new trade (${after.trades.length} trades)`, afterCalls);
process.stdout.write(`bounds: cold ${coldBound}, warm ${warmBound}, a process just started ${restartedBound}\n`);
const over = total(coldCalls) > coldBound || total(warmCalls) > warmBound || total(restartedCalls) > restartedBound || total(afterCalls) > warmBound + 1;
await store.stop();
if (trades !== ROUND_TRIPS * 2 || after.trades.length !== trades + 1) throw new Error(`expected ${ROUND_TRIPS * 2} trades, read ${trades}`);
if (over && STRICT) process.exit(1);
