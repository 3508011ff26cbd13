import { describe, expect, it } from 'vitest';
import type { LedgerReader, LedgerTransaction } from '@/features/ledger/ledger-reader';
import { confirmTransaction } from '@/features/ledger/transaction-confirmation';

const ID = '0.0.7001002@1700000000.000000001';

/** A mirror that shows the record only after `visibleAfterMs` of (fake) time. */
function laggingMirror(visibleAfterMs: number, result = 'SUCCESS') {
  let clock = 0;
  const lookups: unknown[] = [];
  const record = { transactionId: '0.0.7001002-1700000000-000000001', result, consensusTimestamp: '1700000002.000000000' } as LedgerTransaction;
  const ledger = {
    getTransaction: async (_id: string, lookup: unknown) => {
      lookups.push(lookup);
      return clock >= visibleAfterMs ? record : null;
    },
  } as unknown as LedgerReader;
  const sleep = async (ms: number) => {
    clock += ms;
  };
  return { ledger, lookups, now: () => clock, sleep };
}

describe('confirming a transaction on the mirror node', () => {
  it('waits for a record that appears after the mirror lag, reading the submitted record', async () => {
    const mirror = laggingMirror(6_500);
    expect(await confirmTransaction(mirror.ledger, ID, { deadlineMs: 10_000, ...mirror })).toEqual({
      state: 'success',
      consensusTimestamp: '1700000002.000000000',
    });
    expect(mirror.lookups).toHaveLength(8);
    expect(mirror.lookups[0]).toEqual({ nonce: 0, scheduled: false });
  });

  it('reports a failed result with its status', async () => {
    const mirror = laggingMirror(0, 'INSUFFICIENT_TOKEN_BALANCE');
    expect(await confirmTransaction(mirror.ledger, ID, { deadlineMs: 1_000, ...mirror })).toMatchObject({
      state: 'failed',
      result: 'INSUFFICIENT_TOKEN_BALANCE',
    });
  });

  it('answers pending, not failed, when the deadline passes first', async () => {
    const mirror = laggingMirror(20_000);
    expect(await confirmTransaction(mirror.ledger, ID, { deadlineMs: 5_000, pollMs: 2_000, ...mirror })).toEqual({ state: 'pending' });
    expect(mirror.now()).toBe(5_000);
  });
});
