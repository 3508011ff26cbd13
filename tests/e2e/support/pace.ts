/**
 * How long the e2e waits before it calls a step hung. Hosts differ: CI's 2-core machines run five workers at once
 * and some are 2-3 times slower than others (a run whose tests each took 2.5-4 times as long as alone hit 15-120 s
 * limits that a faster host met with room to spare). So on CI every time-out (a test's, an expectation's, a poll's)
 * is PACE times what a quiet host needs; E2E_PACE sets it. A time-out bounds a hang, never speed: timings live in
 * `npm run bench`, and the few checks that something happens "at once" keep their own bound.
 */
export const PACE = Number(process.env.E2E_PACE ?? (process.env.CI ? 3 : 1));

/** `ms` of waiting on a quiet host, as long as this host needs. */
export const patient = (ms: number): number => ms * PACE;
