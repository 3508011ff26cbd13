/**
 * Web Push alerts (issue 57, item 5), end to end on the local server: a holder's browser (the
 * sandbox push service's subscription, made as a browser's is) is kept by the server; a watch alert
 * is pushed to it encrypted (RFC 8291) and signed with the server's VAPID keys (RFC 8292), which
 * the stand-in checks and decrypts; a browser that left its push service gets nothing more; a
 * subscription to a host of the holder's choosing is refused. (A 410 dropping the subscription: web-push-sender.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { listForPaws } from '../support/paws-trades';
import { ALICE, BOB, call, ownedSerials } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE, BOB] });

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A browser's subscription to the sandbox's push service. */
async function browserSubscription(): Promise<Subscription> {
  const answer = await call<Subscription>(suite.origin, 'POST', '/sandbox/push/subscriptions');
  expect(answer.status).toBe(201);
  return answer.json;
}

/** What the push service delivered to a subscription, decrypted. */
async function delivered(subscription: Subscription): Promise<{ title: string; body: string; url: string }[]> {
  const answer = await call<{ messages: { payload: string }[] }>(suite.origin, 'GET', `${new URL(subscription.endpoint).pathname}/messages`);
  return answer.json.messages.map((message) => JSON.parse(message.payload));
}

describe('Web Push alerts', () => {
  it('pushes a watch alert to the watcher’s browser, encrypted and signed as a push service demands; a gone browser is dropped', async () => {
    const bob = suite.holder(BOB);
    const key = await call<{ publicKey: string | null }>(suite.origin, 'GET', '/api/push/key');
    expect(key.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const browser = await browserSubscription();
    expect((await call(suite.origin, 'POST', '/api/push/subscriptions', { cookie: bob.cookie, body: browser })).status).toBe(200);

    const [serial] = (await ownedSerials(suite.origin, ALICE)).slice(-1) as [number];
    const watch = { id: crypto.randomUUID(), kind: 'tiger', target: String(serial), under: { amount: '50', currency: 'PAWS' } };
    expect((await call(suite.origin, 'POST', '/api/watchlist', { cookie: bob.cookie, body: watch })).status).toBe(200);
    const listing = await listForPaws(suite.holder(ALICE), serial, '40');
    await expect
      .poll(() => delivered(browser), { timeout: 10_000 })
      .toEqual([
        { title: 'Watched tiger listed', body: `Wild Tiger #${serial} is listed for 40 PAWS, under your alert's price.`, url: `/collection?tiger=${serial}` },
      ]);

    // The first browser left its push service (410 Gone); Bob's second browser agreed: the next alert reaches the second only.
    expect((await call(suite.origin, 'DELETE', `/sandbox/push/subscriptions/${new URL(browser.endpoint).pathname.split('/').at(-1)}`)).status).toBe(204);
    const again = await browserSubscription();
    expect((await call(suite.origin, 'POST', '/api/push/subscriptions', { cookie: bob.cookie, body: again })).status).toBe(200);
    await call(suite.origin, 'DELETE', `/api/paws/listings/${listing.id}`, { cookie: suite.holder(ALICE).cookie });
    await listForPaws(suite.holder(ALICE), serial, '39');
    await expect.poll(() => delivered(again), { timeout: 10_000 }).toHaveLength(1);
    expect((await delivered(again))[0]?.body).toBe(`Wild Tiger #${serial} is listed for 39 PAWS, under your alert's price.`);
    expect(await delivered(browser)).toHaveLength(1);
  }, 60_000);

  it('refuses a subscription to a host other than the push services the browsers use, and without a session', async () => {
    const bob = suite.holder(BOB);
    const browser = await browserSubscription();
    for (const endpoint of ['https://attacker.example/collect', 'http://169.254.169.254/latest', `${browser.endpoint.replace('/sandbox/push/', '/api/')}`]) {
      const refused = await call<{ code?: string }>(suite.origin, 'POST', '/api/push/subscriptions', { cookie: bob.cookie, body: { ...browser, endpoint } });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.json.code).toBe('INVALID_REQUEST');
    }
    expect((await call(suite.origin, 'POST', '/api/push/subscriptions', { body: browser })).status).toBe(401);
    expect((await call(suite.origin, 'POST', '/api/push/subscriptions', { cookie: bob.cookie, body: { endpoint: browser.endpoint } })).status).toBe(400);
  });
});
