/**
 * The local stand-in for the AWS WebSocket API: `/api/stream` on the local server's origin, the
 * same protocol (features/market-events/stream-protocol.ts), fed by the same log. The session
 * cookie read at the upgrade opens an account's private stream, as `$connect` reads it in AWS; a
 * page of another origin is refused its upgrade (a cookie it could not read otherwise). Sockets
 * that stop answering pings are ended.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { onAppended } from '@/features/market-events/appended-events';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { type StreamConnection, createStreamHub } from '@/features/market-events/stream-hub';
import { CLOSE, MAX_CLIENT_FRAME_BYTES } from '@/features/market-events/stream-protocol';
import { log } from '@/platform/log';
import { sessions } from '@/server/adapters';
import { documentClient, tableName } from '@/server/store/client';
import { watchAlerts } from '@/server/watch-alerts-graph';

export const STREAM_PATH = '/api/stream';
/** Sockets one server holds at most (the bench holds 1,000). */
const MAX_CONNECTIONS = 5_000;
/** A socket is pinged this often and ended when it missed the last one. */
const PING_MS = 30_000;

/** The upgrade's origin is the server's own (or none, as from a non-browser client). */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Serves `/api/stream` on `server` (after `ready`); answers the hub (the bench and tests read its size) and what stops it. */
export function attachStreamServer(server: Server, ready: Promise<unknown>) {
  const hub = createStreamHub(createEventLogRepo(documentClient(), tableName()));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  const stopFeed = onAppended((events) => {
    hub.publish(events);
    // The market's events against the holders' watches (an alert is an event of the watcher's own stream), as the AWS fan-out does.
    void watchAlerts()
      .alert(events)
      .catch((error: unknown) => log.warn('watch alerts failed', { error }));
  });
  const alive = new WeakSet<WebSocket>();

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== STREAM_PATH) return refuseUpgrade(socket, 404, 'Not Found');
      if (!sameOrigin(request)) return refuseUpgrade(socket, 403, 'Forbidden');
      if (sockets.clients.size >= MAX_CONNECTIONS) return refuseUpgrade(socket, 503, 'Service Unavailable');
      await ready;
      const session = await sessions().fromCookies(request.headers.cookie ? [request.headers.cookie] : undefined);
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const connection: StreamConnection = {
          accountId: session?.accountId ?? null,
          send: (frame) => ws.send(frame),
          close: (code, reason) => ws.close(code, reason),
          unread: () => ws.bufferedAmount,
        };
        alive.add(ws);
        hub.open(connection);
        ws.on('pong', () => alive.add(ws));
        ws.on('message', (data, isBinary) => {
          if (isBinary) return connection.close(CLOSE.policy, 'Frames are JSON text');
          void hub.message(connection, data.toString()).catch((error: unknown) => {
            log.warn('stream frame failed', { error });
            connection.close(CLOSE.overloaded, 'The event log could not be read');
          });
        });
        ws.on('close', () => hub.close(connection));
        ws.on('error', () => hub.close(connection));
      });
    })().catch((error: unknown) => {
      log.warn('stream upgrade failed', { error });
      refuseUpgrade(socket, 503, 'Service Unavailable');
    });
  });

  const pings = setInterval(() => {
    for (const ws of sockets.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, PING_MS);
  pings.unref();

  return {
    hub,
    stop(): void {
      clearInterval(pings);
      stopFeed();
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    },
  };
}
