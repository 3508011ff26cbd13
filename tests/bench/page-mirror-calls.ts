/**
 * Mirror calls per page view (issue 41 item 5; part of `npm run bench`, runnable alone: `npx tsx
 * tests/bench/page-mirror-calls.ts`; needs the built site in dist/). The local server reads the
 * mirror node through a counting proxy (MIRROR_NODE_URL), so every request the app makes to the
 * mirror is counted, by route. Seeded: 10 PAWS listings (listed through the API, approved on the
 * sandbox ledger), then 10 open offers from 10 makers, then 1,000 from 300 makers (item and
 * collection offers written to the store as the offers route writes them); the scheduled job runs
 * after each seeding, as it does every minute when deployed. Then one page view each in Chromium:
 * /paws-marketplace by a visitor and by a signed-in holder (Carol, a seller whose tigers receive
 * offers: the listings with their best offers, then her Offers Received and My NFTs tabs),
 * /collection and a tiger view (its listing and offers), each counted once what it is for has
 * appeared; cold (a server just started: its caches empty) and warm (the same view again). Exits
 * non-zero when a cold view costs more at 1,000 offers than at 10 (BENCH_STRICT=0 only reports).
 * The proxy and the sandbox mirror have no rate limit here (SANDBOX_MIRROR_RATE_LIMIT=0), so no
 * 429 retry adds to a count.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, type Page, chromium, expect } from '@playwright/test';
import { createOfferRepo } from '../../src/features/offers/offer-repo';
import { type PawsOffer, offerChange } from '../../src/features/offers/offer-rules';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { STORAGE_KEYS } from '../../src/features/wallet/wallet-store';
import { startTestServer, type TestServer } from '../support/local-server';
import { startMemoryStore } from '../support/memory-store';
import { ALICE, CAROL, MARKETPLACE, NFT_TOKEN, call, ownedSerials, signAndExecute, signIn } from '../support/sandbox-client';

const STRICT = process.env.BENCH_STRICT !== '0';
const MAKERS = sandboxSeed()
  .accounts.filter((account) => account.label === null)
  .slice(0, 300)
  .map((account) => account.accountId);

/** A proxy to the sandbox mirror that counts each request by its route (ids and numbers as ':n'). */
async function countingMirror() {
  let target = '';
  const counts = new Map<string, number>();
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const route = path.split('?')[0]?.replace(/\d+(\.\d+)*(-\d+)*/g, ':n') ?? path;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    try {
      const answer = await fetch(`${target}/sandbox/mirror${path}`);
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      // The server was stopped with a read of its own under way (a background refresh): no one waits for it.
      response.destroy();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    aim: (origin: string) => {
      target = origin;
    },
    take: () => {
      const taken = new Map(counts);
      counts.clear();
      return taken;
    },
    close: () => server.close(),
  };
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);

/** An open offer as the offers route writes it: on `serial` (an item offer) or on any tiger (a collection offer). */
function offer(index: number, buyerId: string, serial: number | null): PawsOffer {
  const stamp = new Date().toISOString();
  return {
    id: `bench-${index}`,
    kind: serial === null ? 'collection' : 'item',
    buyerId,
    tokenId: NFT_TOKEN,
    serialNumber: serial,
    nftName: serial === null ? null : `Wild Tiger #${serial}`,
    nftImage: serial === null ? null : '',
    traitType: null,
    traitValue: null,
    minTier: null,
    pawsAmount: String(1 + (index % 50)),
    amountBaseUnits: String((1 + (index % 50)) * 1_000_000),
    quantity: 1,
    remaining: 1,
    inFlight: 0,
    filled: 0,
    status: 'open',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    createdAt: stamp,
    updatedAt: stamp,
    claims: {},
    fills: {},
  };
}

/** A page view the bench counts; `shown` waits until what the view is for is on the screen. */
interface PageView {
  name: string;
  path: string;
  /** Signed in as this account (a returning holder: the session cookie and the wallet's stored connection). */
  as?: string;
  shown: (page: Page) => Promise<void>;
}

const VIEW_NAMES = ['/paws-marketplace (visitor)', '/paws-marketplace (signed in)', '/collection', 'tiger view'];
const VIEW_NAME_WIDTH = 30;
const SHOWN = { timeout: 30_000 };

/** The views counted, around the listed tiger `viewed` (Carol's tigers are listed and receive offers). */
function pageViews(viewed: number): PageView[] {
  const figures = async (page: Page) => {
    await expect(page.getByTestId('market-figures')).toHaveAttribute('aria-busy', 'false', SHOWN);
    await expect(page.getByTestId('market-figures')).not.toContainText('—');
  };
  return [
    { name: VIEW_NAMES[0] as string, path: '/paws-marketplace', shown: figures },
    {
      // The three tabs whose content grows with the market: the listings with their best offers, the offers received, the holdings.
      name: VIEW_NAMES[1] as string,
      path: '/paws-marketplace',
      as: CAROL,
      shown: async (page) => {
        await figures(page);
        await expect(
          page
            .getByTestId('paws-listings-grid')
            .getByRole('heading', { name: /^Wild Tiger #/ })
            .first(),
        ).toBeVisible(SHOWN);
        await page.getByRole('tab', { name: 'Offers Received' }).click();
        await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible(SHOWN);
        await page.getByRole('tab', { name: 'My NFTs' }).click();
        await expect(
          page
            .getByRole('tabpanel')
            .getByRole('heading', { name: /^Wild Tiger #/ })
            .first(),
        ).toBeVisible(SHOWN);
      },
    },
    {
      name: VIEW_NAMES[2] as string,
      path: '/collection',
      shown: async (page) => {
        await expect(page.getByTestId('collection-grid').getByRole('article').first()).toBeVisible(SHOWN);
        await expect(page.getByTestId('stat-holders')).toHaveText(/^\d[\d,]*$/, SHOWN);
      },
    },
    {
      name: VIEW_NAMES[3] as string,
      path: `/collection?tiger=${viewed}`,
      shown: async (page) => {
        const view = page.getByTestId('tiger-view');
        await expect(view.getByTestId('listing-PAWS')).toBeVisible(SHOWN);
        await expect(
          view
            .getByRole('list', { name: `Offers on Wild Tiger #${viewed}` })
            .getByRole('listitem')
            .first(),
        ).toBeVisible(SHOWN);
      },
    },
  ];
}

/** Signs `accountId` in through the API and gives `context` its session and the wallet's stored connection, as after a reload. */
async function signInBrowser(context: BrowserContext, origin: string, accountId: string): Promise<void> {
  const [name = '', value = ''] = (await signIn(origin, accountId)).split('=');
  await context.addCookies([{ name, value, url: origin }]);
  await context.addInitScript(
    ({ keys, account }) => {
      localStorage.setItem(keys.connected, 'true');
      localStorage.setItem(keys.accountId, account);
      localStorage.setItem(keys.walletType, 'sandbox');
    },
    { keys: STORAGE_KEYS, account: accountId },
  );
}

async function main(): Promise<void> {
  const store = await startMemoryStore();
  const table = await store.newTable();
  const mirror = await countingMirror();
  const env = (job: boolean) => ({
    DYNAMODB_ENDPOINT: store.endpoint,
    TABLE_NAME: table,
    MIRROR_NODE_URL: mirror.url,
    SANDBOX_MIRROR_RATE_LIMIT: '0',
    RECONCILER_INTERVAL_MS: job ? '1000' : '0',
  });
  const serve = async (job: boolean): Promise<TestServer> => {
    const server = await startTestServer({ site: true, env: env(job) });
    mirror.aim(server.origin);
    return server;
  };
  const offers = createOfferRepo(store.doc, table);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const results: Record<string, Record<string, { cold: number; warm: number; top: string }>> = {};
  try {
    // Ten PAWS listings, live on the ledger: the marketplace's cards ask for their best offers.
    let server = await serve(false);
    const listed: number[] = [];
    for (const seller of [ALICE, CAROL]) {
      const cookie = await signIn(server.origin, seller);
      for (const serial of (await ownedSerials(server.origin, seller)).slice(0, 5)) {
        const prepared = await call<{ pendingListing: unknown }>(server.origin, 'POST', '/api/paws/listings/prepare', {
          cookie,
          body: { sellerId: seller, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '25' },
        });
        const approval = await call<{ transactionBytes: string }>(server.origin, 'POST', '/api/paws/allowance/prepare', {
          cookie,
          body: { ownerAccountId: seller, tokenId: NFT_TOKEN, serialNumber: serial, spenderAccountId: MARKETPLACE },
        });
        const approved = await signAndExecute(server.origin, seller, approval.json.transactionBytes);
        const done = await call(server.origin, 'POST', '/api/paws/listings/complete', {
          cookie,
          body: { pendingListing: prepared.json.pendingListing, approvalTransactionId: approved.transactionId },
        });
        if (done.status !== 200) throw new Error(`listing #${serial} answered ${done.status} ${JSON.stringify(done.json)}`);
        listed.push(serial);
      }
    }
    await server.dispose();
    const views = pageViews(listed[0] as number);

    let written = 0;
    for (const [offerCount, makerCount] of [
      [10, 10],
      [1_000, 300],
    ] as const) {
      // Half item offers (on the listed tigers, the viewed one among them), half collection offers.
      for (; written < offerCount; written += 1) {
        const serial = written % 2 === 0 ? (listed[(written / 2) % listed.length] as number) : null;
        const made = offer(written, MAKERS[written % makerCount] as string, serial);
        await offers.putOffer(made, offerChange(made, 'offer-made', made.createdAt));
      }
      // The scheduled job, as deployed: the listings' health, the holdings, the makers' PAWS (10 mirror requests a second).
      server = await serve(true);
      await new Promise((done) => setTimeout(done, Math.ceil((makerCount * 2) / 10) * 1000 + 5_000));
      await server.dispose();
      mirror.take();
      results[`${offerCount} offers`] = {};
      for (const view of views) {
        server = await serve(false);
        const context = await browser.newContext({ baseURL: server.origin });
        if (view.as) await signInBrowser(context, server.origin, view.as);
        mirror.take();
        const page = await context.newPage();
        const counts: Map<string, number>[] = [];
        for (let visit = 0; visit < 2; visit += 1) {
          await page.goto(view.path);
          // What the view is for has appeared (else the count would be of a page that failed), then its reads are done.
          await view.shown(page);
          await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
          await new Promise((done) => setTimeout(done, 2_000));
          counts.push(mirror.take());
        }
        await context.close();
        await server.dispose();
        const [cold, warm] = counts as [Map<string, number>, Map<string, number>];
        const top = [...cold].sort((a, b) => b[1] - a[1]).slice(0, 3);
        (results[`${offerCount} offers`] as Record<string, { cold: number; warm: number; top: string }>)[view.name] = {
          cold: total(cold),
          warm: total(warm),
          top: top.map(([route, count]) => `${route} ×${count}`).join(', '),
        };
      }
    }
  } finally {
    await browser.close();
    mirror.close();
    await store.stop();
  }

  let grew = 0;
  process.stdout.write(
    'mirror calls of one page view (cold: a fresh server; warm: the same view again); the mirror rate limit is off, so no 429 retry is counted\n',
  );
  for (const name of VIEW_NAMES) {
    const few = results['10 offers']?.[name];
    const many = results['1000 offers']?.[name];
    if (!few || !many) continue;
    process.stdout.write(
      `${name.padEnd(VIEW_NAME_WIDTH)} 10 offers: ${few.cold} cold, ${few.warm} warm | 1,000 offers from 300 makers: ${many.cold} cold, ${many.warm} warm\n`,
    );
    process.stdout.write(`${''.padEnd(VIEW_NAME_WIDTH)} most at 1,000: ${many.top}\n`);
    if (many.cold > few.cold) grew += 1;
  }
  process.stdout.write(grew ? `${grew} page view(s) cost more at 1,000 offers\n` : 'each page view costs the same at 10 and at 1,000 offers\n');
  process.exit(grew && STRICT ? 1 : 0);
}

await main();
