import { describe, expect, it, vi } from 'vitest';
import type { LedgerTokenInfo } from '@/features/ledger/ledger-reader-port';
import { createTradeTerms } from '@/features/paws-market/trade-terms';

const tokens = { nftTokenId: '0.0.7000333', pawsTokenId: '0.0.9296439' };
const info = (decimals: number) =>
  ({ decimals, treasuryAccountId: '0.0.1', customFees: { fixed: [], fractional: [], royalty: [] } }) as unknown as LedgerTokenInfo;

describe('trade terms', () => {
  it('keeps one read 5 minutes, shared by the reads in flight, and forgets a failed one (one mirror error does not break a warm instance)', async () => {
    let clock = 0;
    const getTokenInfo = vi.fn(async () => info(6));
    getTokenInfo.mockRejectedValueOnce(new Error('mirror 503'));
    const terms = createTradeTerms({ getTokenInfo }, tokens, { now: () => clock });
    await expect(terms.read()).rejects.toThrow('mirror 503');
    const [first, second] = await Promise.all([terms.read(), terms.read()]);
    expect(first.pawsDecimals).toBe(6);
    expect(second).toBe(first);
    const reads = getTokenInfo.mock.calls.length;
    clock += 299_000;
    await terms.read();
    expect(getTokenInfo.mock.calls.length).toBe(reads);
    clock += 2_000;
    await terms.read();
    expect(getTokenInfo.mock.calls.length).toBe(reads + 2);
  });
});
