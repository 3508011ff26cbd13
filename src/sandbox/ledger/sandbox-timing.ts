/**
 * Mainnet's clock for the sandbox ledger: a node answers a submission after its precheck,
 * consensus follows a few seconds later, and the mirror node shows the transaction and its
 * effects some seconds after that. Each delay is drawn from a range, the same for the same
 * transaction id on every run, so a test sees the same timing each time.
 */
import { randomInt, seededRandom } from './prng';

/** An inclusive range of milliseconds. */
export type MsRange = readonly [min: number, max: number];

export interface SandboxTiming {
  /** From the node's acceptance (precheck) to consensus. */
  consensusDelayMs: MsRange;
  /** From consensus to the mirror node showing the transaction and the state it made. */
  mirrorLagMs: MsRange;
}

/** No delay and no lag: for tests whose subject is not timing. */
export const INSTANT_TIMING: SandboxTiming = Object.freeze({ consensusDelayMs: [0, 0] as const, mirrorLagMs: [0, 0] as const });

/** The delay of `purpose` for one transaction, within `range`. */
export function delayOf(range: MsRange, transactionId: string, purpose: 'consensus' | 'mirror'): number {
  const [min, max] = range;
  return max <= min ? min : randomInt(seededRandom(`${purpose}:${transactionId}`), min, max);
}
