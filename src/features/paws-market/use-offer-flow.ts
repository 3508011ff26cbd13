import { useRef, useState } from 'react';
import { errorText } from '@/lib/api/error-text';
import { LedgerStillPending, mayStillExecute } from '../ledger/ledger-wait-client';
import { signAndExecute } from '../wallet/wallet-store';
import type { PreparedTransaction } from './paws-client';
import { offersTryAgain } from './retry-rules';

/**
 * Asks the wallet to sign and execute a prepared approval; resolves to its transaction id. When
 * the wallet does not answer (its time-out) the user may still approve it: `unanswered` is told
 * why, and the prepared id is followed on the ledger instead. A refusal or a failure throws
 * (prefixed with `failure` when given, as the purchase says 'Token allowance approval failed: …').
 */
export async function approveInWallet(
  prepared: PreparedTransaction,
  action: 'paws-allowance' | 'nft-allowance',
  failure: string | null,
  unanswered: (why: string) => void,
): Promise<string> {
  try {
    const id = await signAndExecute(prepared.transactionBytes, action, prepared.transactionId);
    return id || prepared.transactionId;
  } catch (error) {
    if (!mayStillExecute(error)) throw failure ? new Error(`${failure}: ${errorText(error, 'unknown error')}`, { cause: error }) : error;
    unanswered(errorText(error, 'The wallet did not answer'));
    return prepared.transactionId;
  }
}

/**
 * The state of one offer screen's wallet-and-ledger flow (making, accepting or cancelling an
 * offer): its step, the wait for the ledger, a long wait offering 'Check again', and a failure
 * offering 'Try Again' when the wallet reported a refusal (spec 001 §4). A flow replaced or
 * closed (`reset`) no longer updates the screen.
 */
export function useOfferFlow<Step extends string>(initial: Step, fallback: string) {
  const [step, setStepState] = useState<Step>(initial);
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const [note, setNoteState] = useState<string | null>(null);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const [stalled, setStalled] = useState<(() => Promise<void>) | null>(null);
  const flow = useRef(0);

  /** Runs `change` only while the flow that asked is still the one shown. */
  const guard = (mine: number, change: () => void) => {
    if (flow.current === mine) change();
  };

  /** What a part of the flow changes on the screen, bound to the flow it belongs to. */
  function controls(mine: number) {
    return {
      /** Moves the flow to `next`; `waiting` starts the 'Waiting for the ledger…' notice. */
      setStep(next: Step, waiting = false) {
        guard(mine, () => {
          setStepState(next);
          setWaitingSince(waiting ? Date.now() : null);
        });
      },
      setNote: (text: string | null) => guard(mine, () => setNoteState(text)),
    };
  }

  /** Runs one part of the flow: a long wait for the ledger offers 'Check again' (rerunning it), any failure the 'error' step. */
  async function run(part: (screen: ReturnType<typeof controls>) => Promise<void>): Promise<void> {
    const mine = flow.current;
    setError(null);
    setStalled(null);
    try {
      await part(controls(mine));
    } catch (failure) {
      guard(mine, () => {
        if (failure instanceof LedgerStillPending) setStalled(() => () => run(part));
        else {
          const text = errorText(failure, fallback);
          setError(text);
          setRetryable(offersTryAgain(failure, text));
          setStepState('error' as Step);
        }
      });
    } finally {
      guard(mine, () => setWaitingSince(null));
    }
  }

  return {
    step,
    error,
    retryable,
    note,
    waitingSince,
    stalled,
    run,
    /** Starts over at `initial`; what an older flow still does no longer shows. */
    reset() {
      flow.current += 1;
      setStepState(initial);
      setError(null);
      setRetryable(false);
      setNoteState(null);
      setWaitingSince(null);
      setStalled(null);
    },
  };
}

export type OfferFlow<Step extends string> = ReturnType<typeof useOfferFlow<Step>>;
