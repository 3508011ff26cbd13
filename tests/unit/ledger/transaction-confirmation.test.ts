import { describe, expect, it } from 'vitest';
import type { LedgerReader, LedgerTransaction } from '@/features/ledger/ledger-reader-port';
import { confirmFirst, confirmTransaction } from '@/features/ledger/transaction-confirmation';

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

describe('confirming by the consensus nodes’ receipt first', () => {
  /** A transaction submitted a moment ago: still within its validity. */
  const FRESH = `0.0.7001002@${Math.floor(Date.now() / 1000) - 2}.000000001`;
  /** A mirror showing nothing until its `shows`-th read, and receipts answering `status`. */
  function ledgerWith(status: string | null, shows = Number.POSITIVE_INFINITY) {
    let reads = 0;
    const asked: number[] = [];
    const record = { transactionId: ID, result: 'SUCCESS', consensusTimestamp: '1700000002.000000000' } as LedgerTransaction;
    const ledger = { getTransaction: async () => (++reads >= shows ? record : null) } as unknown as LedgerReader;
    const receipts = {
      receiptStatus: async (_id: string, waitMs: number) => {
        asked.push(waitMs);
        return status;
      },
    };
    return { ledger, receipts, asked, reads: () => reads };
  }

  it('answers from the receipt at consensus, while the mirror does not show the transaction yet', async () => {
    const { ledger, receipts, asked } = ledgerWith('SUCCESS');
    expect(await confirmFirst(ledger, FRESH, 8_000, receipts)).toEqual({ state: 'success', source: 'receipt' });
    expect(asked).toEqual([8_000]);
  });

  it('passes on a refusal at consensus with its status', async () => {
    const { ledger, receipts } = ledgerWith('INSUFFICIENT_TOKEN_BALANCE');
    expect(await confirmFirst(ledger, FRESH, 8_000, receipts)).toEqual({ state: 'failed', result: 'INSUFFICIENT_TOKEN_BALANCE', source: 'receipt' });
  });

  it('takes the mirror’s record when it shows one already, without asking the nodes', async () => {
    const { ledger, receipts, asked } = ledgerWith('SUCCESS', 1);
    expect(await confirmFirst(ledger, FRESH, 8_000, receipts)).toEqual({ state: 'success', consensusTimestamp: '1700000002.000000000' });
    expect(asked).toEqual([]);
  });

  it('falls back to the mirror when no receipt came (not reached consensus, forgotten after 3 minutes, or no node answered)', async () => {
    const { ledger, receipts, reads } = ledgerWith(null, 3);
    expect(await confirmFirst(ledger, FRESH, 1_500, receipts)).toMatchObject({ state: 'success', consensusTimestamp: '1700000002.000000000' });
    expect(reads()).toBe(3);
  });
});
