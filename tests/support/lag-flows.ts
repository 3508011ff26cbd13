/** Shared pieces of the API tests that run write flows under the sandbox's mirror lag. */
import { expect } from 'vitest';
import { call } from './sandbox-client';

/** Runs one flow's single call and notes in `timings` how long it took. */
export async function timedInto<T>(timings: Record<string, number>, flow: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  timings[flow] = Date.now() - started;
  return result;
}

/** A transaction's status as the client follows it (GET /api/hedera/transaction/{id}, waiting up to 8 s a call). */
export async function followedOn(origin: string, transactionId: string): Promise<string> {
  for (;;) {
    const answer = await call<{ state: string }>(origin, 'GET', `/api/hedera/transaction/${encodeURIComponent(transactionId)}`);
    expect(answer.status).toBe(200);
    if (answer.json.state !== 'pending') return answer.json.state;
  }
}
