/** Test helper: a fetch that answers from a queue of canned responses per URL and records every call. */
import { readFileSync } from 'node:fs';
import type { FetchLike } from '@/features/ledger/mirror-http';

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang' | Error;

export function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/mirror/${name}`, import.meta.url), 'utf8');
}

export function ok(name: string): Reply {
  return { status: 200, body: fixture(name) };
}

export interface FakeFetch {
  fetch: FetchLike;
  calls: string[];
}

/** Each URL answers with its replies in order (the last one repeats); unknown URLs fail the test. */
export function fakeFetch(routes: Record<string, Reply | Reply[]>): FakeFetch {
  const calls: string[] = [];
  const served = new Map<string, number>();
  const fetch: FetchLike = async (url, init) => {
    calls.push(url);
    const replies = routes[url];
    if (!replies) throw new Error(`unexpected request ${url}`);
    const list = Array.isArray(replies) ? replies : [replies];
    const index = served.get(url) ?? 0;
    served.set(url, index + 1);
    const reply = list[Math.min(index, list.length - 1)] as Reply;
    if (reply instanceof Error) throw reply;
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    return new Response(reply.body ?? '', { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  return { fetch, calls };
}
