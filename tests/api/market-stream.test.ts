/**
 * The live market's push (issue 57): `/api/stream` on the local server, fed by the event log the
 * app writes with its changes. Events in order per stream, a resume after a gap, a reset for a
 * sequence the log never had, private streams only for their holder, and bad frames answered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { approvePawsSpend, buyListing, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, NFT_TOKEN, call, ownedSerials } from '../support/sandbox-client';
import { openStream } from '../support/stream-socket';

const suite = sandboxSuite({ holders: [ALICE, BOB] });
let serials: number[] = [];

beforeAll(async () => {
  serials = await ownedSerials(suite.origin, ALICE);
});

const seqs = (frames: { seq?: number }[]) => frames.map((frame) => frame.seq);

describe('the live market stream', () => {
  it('pushes a listing and its sale in order, to the market, the tiger and both holders’ own streams', async () => {
    const [serial] = serials as [number];
    const market = await openStream(suite.origin);
    const alice = await openStream(suite.origin, suite.holder(ALICE).cookie);
    const bob = await openStream(suite.origin, suite.holder(BOB).cookie);
    market.send({ action: 'subscribe', streams: ['market', `tiger:${serial}`] });
    alice.send({ action: 'subscribe', streams: [`account:${ALICE}`] });
    bob.send({ action: 'subscribe', streams: [`account:${BOB}`] });
    const subscribed = await market.next((frame) => frame.type === 'subscribed');
    for (const socket of [alice, bob]) await socket.next((frame) => frame.type === 'subscribed');
    const marketHead = subscribed.heads?.market ?? -1;

    const listed = async () => (await call<{ figures: { listed: number } }>(suite.origin, 'GET', '/api/paws/stats')).json.figures.listed;
    const listedBefore = await listed();
    const listing = await listForPaws(suite.holder(ALICE), serial, '25');
    await market.next((frame) => frame.type === 'listing-created' && frame.data?.ref === listing.id);
    // The figures follow the market's events, not their 30 s cache.
    expect(await listed()).toBe(listedBefore + 1);
    await approvePawsSpend(suite.holder(BOB), '25');
    expect((await buyListing(suite.holder(BOB), listing.id)).status).toBe(200);
    const sale = await market.next((frame) => frame.type === 'sale' && frame.data?.ref === listing.id);
    expect(sale.data).toMatchObject({ serial, market: 'paws', price: '25', sellerId: ALICE, buyerId: BOB });
    expect(await listed()).toBe(listedBefore);

    // The market's events follow the head it was told, one by one; the tiger's stream has both.
    const marketEvents = market.events('market');
    expect(seqs(marketEvents)).toEqual(marketEvents.map((_, index) => marketHead + index + 1));
    expect(market.events(`tiger:${serial}`).map((frame) => frame.type)).toEqual(['listing-created', 'sale']);
    await alice.next((frame) => frame.type === 'sale' && frame.stream === `account:${ALICE}`);
    await bob.next((frame) => frame.type === 'sale' && frame.stream === `account:${BOB}`);
    expect(bob.events(`account:${BOB}`).map((frame) => frame.type)).toEqual(['sale']);
    await Promise.all([market.close(), alice.close(), bob.close()]);
  }, 120_000);

  it('files what is news to a holder in their inbox: the seller’s sale, unread until marked read; the buyer’s own purchase is no news', async () => {
    type Inbox = { notifications: { id: string; title: string; description: string; serial: number | null; read: boolean }[]; unread: number };
    const [serial] = serials as [number];
    const alice = suite.holder(ALICE);
    const inbox = await call<Inbox>(suite.origin, 'GET', '/api/inbox', { cookie: alice.cookie });
    expect(inbox.status).toBe(200);
    expect(inbox.json.notifications).toEqual([
      expect.objectContaining({ title: 'Your tiger sold', description: `Wild Tiger #${serial} sold for 25 PAWS.`, serial, read: false }),
    ]);
    expect(inbox.json.unread).toBe(1);
    expect((await call<Inbox>(suite.origin, 'GET', '/api/inbox', { cookie: suite.holder(BOB).cookie })).json).toMatchObject({ notifications: [], unread: 0 });
    expect((await call(suite.origin, 'GET', '/api/inbox')).status).toBe(401);

    // Bob cannot mark Alice's notification read: the ids are read in his own inbox only.
    const [notification] = inbox.json.notifications;
    expect((await call(suite.origin, 'POST', '/api/inbox/read', { cookie: suite.holder(BOB).cookie, body: { ids: [notification?.id] } })).status).toBe(200);
    expect((await call<Inbox>(suite.origin, 'GET', '/api/inbox', { cookie: alice.cookie })).json.unread).toBe(1);
    const read = await call<Inbox>(suite.origin, 'POST', '/api/inbox/read', { cookie: alice.cookie, body: { ids: [notification?.id] } });
    expect(read.json).toMatchObject({ unread: 0, notifications: [expect.objectContaining({ read: true })] });
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [notification?.id], all: true }]) {
      const refused = await call(suite.origin, 'POST', '/api/inbox/read', { cookie: alice.cookie, body });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
  });

  it('an item offer arrives in the tiger’s holder’s stream and inbox, not in the buyer’s inbox', async () => {
    const serial = serials[3] as number;
    const alice = await openStream(suite.origin, suite.holder(ALICE).cookie);
    alice.send({ action: 'subscribe', streams: [`account:${ALICE}`] });
    await alice.next((frame) => frame.type === 'subscribed');
    const body = {
      offerId: crypto.randomUUID(),
      buyerId: BOB,
      tokenId: NFT_TOKEN,
      kind: 'item',
      serialNumber: serial,
      pawsAmount: '12',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const bob = suite.holder(BOB);
    let made = await call<{ code?: string; amount?: string }>(suite.origin, 'POST', '/api/paws/offers', { cookie: bob.cookie, body });
    if (made.json.code === 'PAWS_ALLOWANCE_LOW') {
      const allowanceTransactionId = await approvePawsSpend(bob, made.json.amount as string);
      made = await call(suite.origin, 'POST', '/api/paws/offers', { cookie: bob.cookie, body: { ...body, allowanceTransactionId } });
    }
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const arrived = await alice.next((frame) => frame.type === 'offer-made');
    expect(arrived.data).toMatchObject({ ref: body.offerId, serial, ownerId: ALICE, buyerId: BOB, price: '12' });
    const inbox = await call<{ notifications: { title: string; description: string }[] }>(suite.origin, 'GET', '/api/inbox', {
      cookie: suite.holder(ALICE).cookie,
    });
    expect(inbox.json.notifications[0]).toMatchObject({ title: 'Offer received', description: `Wild Tiger #${serial} has a new offer for 12 PAWS.` });
    const bobs = await call<{ notifications: { title: string }[] }>(suite.origin, 'GET', '/api/inbox', { cookie: bob.cookie });
    expect(bobs.json.notifications.map((notification) => notification.title)).not.toContain('Offer received');
    await alice.close();
  }, 60_000);

  it('alerts a watcher when a watched tiger is listed under their price (not over it, not their own), through their stream and inbox', async () => {
    const serial = serials[4] as number;
    const bob = suite.holder(BOB);
    const stream = await openStream(suite.origin, bob.cookie);
    stream.send({ action: 'subscribe', streams: [`account:${BOB}`] });
    await stream.next((frame) => frame.type === 'subscribed');
    const watch = { id: crypto.randomUUID(), kind: 'tiger', target: String(serial), under: { amount: '50', currency: 'PAWS' } };
    expect((await call(suite.origin, 'POST', '/api/watchlist', { cookie: bob.cookie, body: watch })).status).toBe(200);
    const listed = await call<{ watches: { id: string }[] }>(suite.origin, 'GET', '/api/watchlist', { cookie: bob.cookie });
    expect(listed.json.watches.map((entry) => entry.id)).toContain(watch.id);
    expect((await call<{ watches: unknown[] }>(suite.origin, 'GET', '/api/watchlist', { cookie: suite.holder(ALICE).cookie })).json.watches).toEqual([]);

    // Over the price: no alert; under it: one.
    const dear = await listForPaws(suite.holder(ALICE), serial, '60');
    expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${dear.id}`, { cookie: suite.holder(ALICE).cookie })).status).toBe(200);
    const cheap = await listForPaws(suite.holder(ALICE), serial, '40');
    const alert = await stream.next((frame) => frame.type === 'watch-alert');
    expect(alert.data).toMatchObject({ ref: watch.id, reason: 'listed-under', serial, price: '40', sellerId: ALICE });
    expect(stream.events(`account:${BOB}`).filter((frame) => frame.type === 'watch-alert')).toHaveLength(1);
    const inbox = await call<{ notifications: { title: string; description: string }[] }>(suite.origin, 'GET', '/api/inbox', { cookie: bob.cookie });
    expect(inbox.json.notifications[0]).toMatchObject({
      title: 'Watched tiger listed',
      description: `Wild Tiger #${serial} is listed for 40 PAWS, under your alert's price.`,
    });
    await call(suite.origin, 'DELETE', `/api/paws/listings/${cheap.id}`, { cookie: suite.holder(ALICE).cookie });

    // Removed, it alerts no more; another holder cannot remove it.
    expect((await call(suite.origin, 'DELETE', `/api/watchlist/${watch.id}`, { cookie: suite.holder(ALICE).cookie })).status).toBe(404);
    expect((await call(suite.origin, 'DELETE', `/api/watchlist/${watch.id}`, { cookie: bob.cookie })).status).toBe(200);
    await stream.close();
  }, 60_000);

  it('refuses a watch the collection cannot match, and bad input, with a 400 and its code', async () => {
    const bob = suite.holder(BOB);
    const bad = (body: Record<string, unknown>) =>
      call<{ code?: string }>(suite.origin, 'POST', '/api/watchlist', { cookie: bob.cookie, body: { id: crypto.randomUUID(), under: null, ...body } });
    for (const body of [
      { kind: 'tiger', target: '0' },
      { kind: 'tiger', target: '3334' },
      { kind: 'tier', target: 'Unknown' },
      { kind: 'trait', target: 'Background=No such colour', under: { amount: '5', currency: 'PAWS' } },
      { kind: 'tier', target: 'Rare' },
    ]) {
      const answer = await bad(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.code).toBe('INVALID_WATCH');
    }
    for (const body of [
      { kind: 'moon', target: '1' },
      { kind: 'tier', target: 'Rare', under: { amount: '0', currency: 'PAWS' } },
      { kind: 'tier', target: 'Rare', under: { amount: '5', currency: 'BTC' } },
    ]) {
      expect((await bad(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(suite.origin, 'GET', '/api/watchlist')).status).toBe(401);
    expect(
      (
        await call(suite.origin, 'POST', '/api/watchlist', {
          cookie: bob.cookie,
          body: { id: crypto.randomUUID(), kind: 'tier', target: 'Rare', under: { amount: '5', currency: 'HBAR' } },
        })
      ).status,
    ).toBe(200);
  });

  it('resumes after a gap: every event missed while away, in order, none twice', async () => {
    const [, first, second] = serials as [number, number, number];
    const before = await openStream(suite.origin);
    before.send({ action: 'subscribe', streams: ['market'] });
    const head = (await before.next((frame) => frame.type === 'subscribed')).heads?.market ?? 0;
    await before.close();

    // Away: two listings and an unlisting.
    const one = await listForPaws(suite.holder(ALICE), first, '30');
    const two = await listForPaws(suite.holder(ALICE), second, '31');
    expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${one.id}`, { cookie: suite.holder(ALICE).cookie })).status).toBe(200);

    const after = await openStream(suite.origin);
    after.send({ action: 'subscribe', streams: ['market'], after: { market: head } });
    await after.next((frame) => frame.type === 'listing-removed' && frame.data?.ref === one.id);
    const events = after.events('market');
    expect(seqs(events)).toEqual(events.map((_, index) => head + index + 1));
    expect(events.map((frame) => [frame.type, frame.data?.ref])).toEqual([
      ['listing-created', one.id],
      ['listing-created', two.id],
      ['listing-removed', one.id],
    ]);
    // Subscribing again to a stream it follows sends nothing twice.
    after.send({ action: 'subscribe', streams: ['market'], after: { market: head } });
    await after.next((frame) => frame.type === 'subscribed' && after.frames.filter((f) => f.type === 'subscribed').length === 2);
    expect(after.events('market')).toHaveLength(3);
    await after.close();
  }, 120_000);

  it('answers a reset for a sequence the log never had (the page refetches)', async () => {
    const socket = await openStream(suite.origin);
    socket.send({ action: 'subscribe', streams: ['market'], after: { market: 1_000_000 } });
    expect(await socket.next((frame) => frame.type === 'reset')).toEqual({ type: 'reset', stream: 'market' });
    await socket.close();
  });

  it('keeps a holder’s stream to that holder: refused without a session and to another account', async () => {
    const visitor = await openStream(suite.origin);
    visitor.send({ action: 'subscribe', streams: [`account:${ALICE}`] });
    expect(await visitor.next((frame) => frame.type === 'error')).toMatchObject({ code: 'STREAM_FORBIDDEN' });
    const bob = await openStream(suite.origin, suite.holder(BOB).cookie);
    bob.send({ action: 'subscribe', streams: ['market', `account:${ALICE}`] });
    expect(await bob.next((frame) => frame.type === 'error')).toMatchObject({ code: 'STREAM_FORBIDDEN' });
    // Nothing of the refused frame was followed.
    expect(bob.frames.some((frame) => frame.type === 'subscribed')).toBe(false);
    await Promise.all([visitor.close(), bob.close()]);
  });

  it('answers bad frames with an error frame and keeps serving; a frame too large or a flood closes the socket', async () => {
    const socket = await openStream(suite.origin);
    socket.sendRaw('not json');
    expect(await socket.next((frame) => frame.type === 'error')).toMatchObject({ code: 'MALFORMED_FRAME' });
    socket.send({ action: 'subscribe', streams: ['tiger:99999'] });
    expect(await socket.next((frame) => frame.code === 'UNKNOWN_STREAM')).toMatchObject({ type: 'error' });
    socket.send({ action: 'subscribe', streams: ['market'], extra: true });
    await expect.poll(() => socket.frames.filter((frame) => frame.code === 'MALFORMED_FRAME').length).toBe(2);
    socket.send({ action: 'subscribe', streams: Array.from({ length: 65 }, (_, index) => `tiger:${index + 1}`) });
    await expect.poll(() => socket.frames.filter((frame) => frame.code === 'MALFORMED_FRAME').length).toBe(3);
    socket.send({ action: 'subscribe', streams: ['market'] });
    await socket.next((frame) => frame.type === 'subscribed');

    const big = await openStream(suite.origin);
    big.sendRaw(JSON.stringify({ action: 'subscribe', streams: ['market'], pad: 'x'.repeat(5_000) }));
    await expect.poll(() => big.closedWith()).toBe(1009);

    const flood = await openStream(suite.origin);
    for (let index = 0; index < 61; index++) flood.send({ action: 'unsubscribe', streams: ['market'] });
    expect(await flood.next((frame) => frame.code === 'RATE_LIMITED')).toMatchObject({ type: 'error' });
    await expect.poll(() => flood.closedWith()).toBe(1008);
    await socket.close();
  });

  it('refuses an upgrade from a page of another origin (its cookie would open a holder’s stream), and on any other path', async () => {
    await expect(openStream(suite.origin, suite.holder(ALICE).cookie, { pageOrigin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    await expect(openStream(suite.origin, undefined, { path: '/api/streams' })).rejects.toThrow('upgrade refused: 404');
  });
});
