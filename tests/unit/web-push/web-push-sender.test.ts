/**
 * The Web Push sender: each of the holder's browsers gets the alert, encrypted and signed (the
 * request a push service receives carries aes128gcm and a VAPID authorization); a push service's
 * 404 or 410 (the browser left) drops that subscription; another failure keeps it (the alert is in
 * the inbox either way); without VAPID keys nothing is sent.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptionJson, PushSubscriptionRepo } from '@/features/web-push/push-subscription-repo';
import { createWebPushSender } from '@/features/web-push/web-push-sender';

process.env.LOG_LEVEL = 'silent';

/** A push service answering each path its status, recording the requests' headers. */
let server: Server;
let origin = '';
const seen: { path: string; encoding: string | undefined; authorization: string | undefined }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', encoding: request.headers['content-encoding'], authorization: request.headers.authorization });
    request.resume();
    response.writeHead(Number((request.url ?? '/201').slice(1))).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** A browser's subscription (its keys as a user agent makes them) at the push service's `status` path. */
function subscription(status: number): PushSubscriptionJson {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { endpoint: `${origin}/${status}`, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url'), subject: 'mailto:push@localhost' };
}

function repoOf(kept: PushSubscriptionJson[]) {
  const removed: string[] = [];
  const repo = {
    list: async () => kept,
    put: async () => true,
    remove: async (_account: string, endpoint: string) => void removed.push(endpoint),
  } as unknown as PushSubscriptionRepo;
  return { repo, removed };
}

describe('the Web Push sender', () => {
  it('pushes to each browser, encrypted and signed; drops those the push service says are gone (404, 410), keeps one that failed otherwise', async () => {
    const { repo, removed } = repoOf([subscription(201), subscription(410), subscription(404), subscription(500)]);
    const keys = vapidKeys();
    const sender = createWebPushSender(repo, async () => keys);
    seen.length = 0;
    expect(await sender.notify('0.0.1', { title: 'Watched tiger listed', body: 'Wild Tiger #5 is listed', url: '/collection?tiger=5' })).toBe(1);
    expect(seen.map((request) => request.path).sort()).toEqual(['/201', '/404', '/410', '/500']);
    for (const request of seen) {
      expect(request.encoding).toBe('aes128gcm');
      expect(request.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
    }
    expect(removed.map((endpoint) => new URL(endpoint).pathname).sort()).toEqual(['/404', '/410']);
  });

  it('sends nothing without VAPID keys', async () => {
    const { repo } = repoOf([subscription(201)]);
    seen.length = 0;
    expect(await createWebPushSender(repo, async () => undefined).notify('0.0.1', { title: 't', body: 'b', url: '/' })).toBe(0);
    expect(seen).toEqual([]);
  });
});
