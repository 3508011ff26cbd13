/** Shared pieces of the API tests that run write flows under the sandbox's mirror lag. */
import { expect } from 'vitest';
import { toMirrorTransactionId } from '../../src/features/ledger/transaction-id';
import { REQUEST_BUDGET_MS } from '../../src/platform/request-budget';
import { type Answer, call } from './sandbox-client';

/** The lag tests' clock: consensus 1 s after the wallet's answer, the mirror node 6 s after that. */
export const LAG_CLOCK = { consensusMs: 1_000, mirrorLagMs: 6_000 } as const;

/** The sandbox settings of that clock, for startTestServer's env. */
export const LAG_CLOCK_ENV = { SANDBOX_CONSENSUS_DELAY_MS: String(LAG_CLOCK.consensusMs), SANDBOX_MIRROR_LAG_MS: String(LAG_CLOCK.mirrorLagMs) };

/**
 * What one step of a flow may take: one call within the request's budget, then its transaction
 * reaching consensus and the mirror node; twice that, for a host slowed by other work. A test of
 * `steps` such steps is given `steps` times this.
 */
export const LAG_STEP_MS = 2 * (REQUEST_BUDGET_MS + LAG_CLOCK.consensusMs + LAG_CLOCK.mirrorLagMs);

/**
 * A settlement's answer followed to its end: a 200, or, when its receipt missed the request's budget
 * (a slow host), the 503 SETTLEMENT_UNCONFIRMED whose transaction the ledger then shows settled.
 * Returns the settlement's transaction id and whether the request saw it through itself.
 */
export async function settledOn(
  origin: string,
  answer: Answer<{ success?: boolean; transactionId?: string; code?: string }>,
): Promise<{ transactionId: string; confirmedInRequest: boolean }> {
  if (answer.status === 503 && answer.json.code === 'SETTLEMENT_UNCONFIRMED' && answer.json.transactionId) {
    expect(await followedOn(origin, answer.json.transactionId)).toBe('success');
    return { transactionId: answer.json.transactionId, confirmedInRequest: false };
  }
  expect(answer).toMatchObject({ status: 200, json: { success: true } });
  return { transactionId: answer.json.transactionId ?? '', confirmedInRequest: true };
}

/** Runs one flow's single call and notes in `timings` how long it took. */
export async function timedInto<T>(timings: Record<string, number>, flow: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  timings[flow] = Date.now() - started;
  return result;
}

/**
 * A transaction's status as the page follows it (GET /api/hedera/transaction/{id} with the id in the
 * mirror's form, as ledger-wait-client.ts sends it, waiting up to 8 s a call): at consensus, by its
 * receipt; with `mirror`, once the mirror node shows it.
 */
export async function followedOn(origin: string, transactionId: string, { mirror = false }: { mirror?: boolean } = {}): Promise<string> {
  const id = toMirrorTransactionId(transactionId) ?? transactionId;
  for (;;) {
    const path = `/api/hedera/transaction/${encodeURIComponent(id)}${mirror ? '?mirror=1' : ''}`;
    const answer = await call<{ state: string }>(origin, 'GET', path);
    expect(answer.status).toBe(200);
    if (answer.json.state !== 'pending') return answer.json.state;
  }
}
