/**
 * One time budget per API request, shared by every upstream call it makes (mirror node reads and
 * their retries, gateway fallbacks, a settlement's submission and receipt). The API's Lambdas time
 * out after 15 s (infra/lib/constructs/group-function.ts); a request that runs out of budget
 * answers with a clear 503/504 instead of being killed, leaving any half-done purchase to the
 * reconciliation.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request may spend on upstream calls: the Lambda's 15 s less time to write and send the answer. */
export const REQUEST_BUDGET_MS = 13_000;

const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` with a deadline `budgetMs` from now for every upstream call it makes. */
export function withRequestBudget<T>(budgetMs: number, work: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  return deadlines.run(now() + budgetMs, work);
}

/**
 * Runs `work` outside any request's budget: a load that many requests share (the collection's bulk
 * sources) gets its upstream calls' own time-outs, not what is left of the one request that happened
 * to start it (under load a 3,333-NFT owner map outlasted that, failed, and every page waited again).
 */
export function outsideRequestBudget<T>(work: () => T): T {
  return deadlines.exit(work);
}

/** Milliseconds left of the current request's budget (0 when spent); undefined outside a request. */
export function remainingBudgetMs(now: () => number = Date.now): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : Math.max(0, deadline - now());
}
