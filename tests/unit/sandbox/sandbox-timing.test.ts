import { AccountAllowanceApproveTransaction, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLedgerLog } from '@/sandbox/ledger/ledger-log';
import { createRateLimiter } from '@/sandbox/ledger/mirror-rate-limit';
import { RECEIPT_MEMORY_MS, createSandboxLedger, type SandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { type SandboxTiming, delayOf } from '@/sandbox/ledger/sandbox-timing';
import { parseConfig } from '@/server/config';
import { ALICE, BOB, OPERATOR, PAWS, PAWS_UNIT, TIGERS, frozen, pawsOf, serialsOf, signed } from './sandbox-helpers';

const MAINNET_LIKE: SandboxTiming = { consensusDelayMs: [2_000, 4_000], mirrorLagMs: [5_000, 8_000] };
const nft = (serial: number) => new NftId(TokenId.fromString(TIGERS), serial);
const approvePaws = (owner: string, amount: bigint) =>
  frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, owner, OPERATOR, amount), owner);

let ledger: SandboxLedger;
let serial: number;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(Date.UTC(2026, 10, 20, 12));
  ledger = createSandboxLedger({ log: createMemoryLedgerLog(), timing: MAINNET_LIKE });
  serial = serialsOf(await ledger.read(), ALICE)[0] ?? 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the fake clock run `ms` milliseconds, firing the ledger's consensus timers on the way. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the sandbox ledger on mainnet time', () => {
  it('answers a submission after the precheck, reaches consensus seconds later, and the mirror shows it after its lag', async () => {
    const tx = approvePaws(BOB, 25n * PAWS_UNIT);
    const id = tx.transactionId?.toString() ?? '';
    const consensusDelay = delayOf(MAINNET_LIKE.consensusDelayMs, id, 'consensus');
    const mirrorLag = delayOf(MAINNET_LIKE.mirrorLagMs, id, 'mirror');
    expect(consensusDelay).toBeGreaterThanOrEqual(2_000);
    expect(consensusDelay).toBeLessThanOrEqual(4_000);
    expect(mirrorLag).toBeGreaterThanOrEqual(5_000);
    expect(mirrorLag).toBeLessThanOrEqual(8_000);

    expect(await ledger.submit(await signed(tx, 'bob'))).toEqual({ status: 'OK', transactionId: id });
    expect(await ledger.receipt(id)).toEqual({ status: 'UNKNOWN', transactionId: id });
    expect(await ledger.receipt(`${BOB}@1700000000.000000001`)).toBeNull();
    const allowanceOnMirror = async () => (await ledger.read()).state.accounts.get(BOB)?.tokenAllowances.get(`${OPERATOR}|${PAWS}`)?.amount;

    await elapse(consensusDelay - 1);
    expect(await ledger.receipt(id)).toEqual({ status: 'UNKNOWN', transactionId: id });
    await elapse(1);
    expect(await ledger.receipt(id)).toMatchObject({ status: 'SUCCESS', transactionId: id });
    expect((await ledger.latest()).findTransaction(id)?.result).toBe('SUCCESS');
    expect((await ledger.read()).findTransaction(id)).toBeNull();
    expect(await allowanceOnMirror()).toBeUndefined();

    await elapse(mirrorLag - 1);
    expect((await ledger.read()).findTransaction(id)).toBeNull();
    await elapse(1);
    expect((await ledger.read()).findTransaction(id)?.result).toBe('SUCCESS');
    expect(await allowanceOnMirror()).toBe(25n * PAWS_UNIT);

    // Nodes keep a receipt for 3 minutes after consensus; the mirror keeps the record.
    await elapse(RECEIPT_MEMORY_MS - mirrorLag - 1_000);
    expect(await ledger.receipt(id)).toMatchObject({ status: 'SUCCESS' });
    await elapse(1_000);
    expect(await ledger.receipt(id)).toBeNull();
    expect((await ledger.read()).findTransaction(id)?.result).toBe('SUCCESS');
  });

  it('gives every transaction the same delays on every run', () => {
    const id = `${ALICE}@1763640000.000000001`;
    expect(delayOf(MAINNET_LIKE.consensusDelayMs, id, 'consensus')).toBe(delayOf(MAINNET_LIKE.consensusDelayMs, id, 'consensus'));
    expect(delayOf([0, 0], id, 'mirror')).toBe(0);
    expect(delayOf([6_000, 6_000], id, 'mirror')).toBe(6_000);
  });

  it('answers precheck failures at once, with no record on the ledger', async () => {
    const forged = await signed(approvePaws(BOB, 1n), 'alice');
    expect((await ledger.submit(forged)).status).toBe('INVALID_SIGNATURE');
    const expired = await signed(
      frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 1n), BOB, Date.now() - 200_000),
      'bob',
    );
    expect((await ledger.submit(expired)).status).toBe('TRANSACTION_EXPIRED');
    const once = await signed(approvePaws(BOB, 2n), 'bob');
    expect((await ledger.submit(once)).status).toBe('OK');
    expect((await ledger.submit(once)).status).toBe('DUPLICATE_TRANSACTION');
    await elapse(15_000);
    expect((await ledger.read()).state.transactions.size).toBe(1);
  });

  it('fails at consensus what only consensus can tell (a missing allowance), and the mirror shows the failure after its lag', async () => {
    const sale = frozen(
      new TransferTransaction()
        .addApprovedNftTransfer(nft(serial), ALICE, BOB)
        .addApprovedTokenTransfer(PAWS, BOB, -PAWS_UNIT)
        .addTokenTransfer(PAWS, ALICE, PAWS_UNIT),
      OPERATOR,
    );
    const id = sale.transactionId?.toString() ?? '';
    const executed = ledger.execute(await signed(sale, 'operator'));
    await elapse(4_000);
    expect(await executed).toMatchObject({ status: 'SPENDER_DOES_NOT_HAVE_ALLOWANCE', transactionId: id });
    expect((await ledger.read()).findTransaction(id)).toBeNull();
    await elapse(8_000);
    expect((await ledger.read()).findTransaction(id)).toMatchObject({ result: 'SPENDER_DOES_NOT_HAVE_ALLOWANCE', tokenTransfers: [] });
  });

  it('reaches consensus in the order of submission, so a settlement submitted after its approvals sees them', async () => {
    const approvals = [
      await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(serial), ALICE, OPERATOR), ALICE), 'alice'),
      await signed(approvePaws(BOB, 10n * PAWS_UNIT), 'bob'),
    ];
    for (const bytes of approvals) expect((await ledger.submit(bytes)).status).toBe('OK');
    const sale = frozen(
      new TransferTransaction()
        .addApprovedNftTransfer(nft(serial), ALICE, BOB)
        .addApprovedTokenTransfer(PAWS, BOB, -10n * PAWS_UNIT)
        .addTokenTransfer(PAWS, ALICE, 10n * PAWS_UNIT),
      OPERATOR,
    );
    const bobBefore = pawsOf(await ledger.read(), BOB) ?? 0n;
    const settled = ledger.execute(await signed(sale, 'operator'));
    await elapse(4_000);
    expect((await settled).status).toBe('SUCCESS');
    expect(serialsOf(await ledger.latest(), BOB)).toContain(serial);
    expect(serialsOf(await ledger.read(), BOB)).not.toContain(serial);
    await elapse(8_000);
    expect(serialsOf(await ledger.read(), BOB)).toContain(serial);
    expect(pawsOf(await ledger.read(), BOB)).toBe(bobBefore - 10n * PAWS_UNIT);
  });

  it('writes history (the seeded market) at once, visible on the mirror at once', async () => {
    const grant = await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(serial), ALICE, OPERATOR), ALICE), 'alice');
    expect((await ledger.executeAsHistory(grant)).status).toBe('SUCCESS');
    expect((await ledger.read()).state.tokens.get(TIGERS)?.nfts[serial]?.spender).toBe(OPERATOR);
  });
});

describe('the sandbox mirror rate limit', () => {
  it('lets a client make `perSecond` requests a second, then asks it to retry after a second', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(50, () => now);
    for (let i = 0; i < 50; i++) expect(limiter.take('127.0.0.1')).toEqual({ allowed: true });
    expect(limiter.take('127.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('10.0.0.2')).toEqual({ allowed: true });
    now += 100;
    for (let i = 0; i < 5; i++) expect(limiter.take('127.0.0.1').allowed).toBe(true);
    expect(limiter.take('127.0.0.1').allowed).toBe(false);
    expect(createRateLimiter(0).take('anyone')).toEqual({ allowed: true });
  });
});

describe('the sandbox clock settings', () => {
  it('default to mainnet-like delays and read one value or a range', () => {
    expect(parseConfig({}).sandboxTiming).toEqual({ consensusDelayMs: [2_000, 4_000], mirrorLagMs: [5_000, 8_000], mirrorRateLimit: 50 });
    const set = parseConfig({ SANDBOX_CONSENSUS_DELAY_MS: '0', SANDBOX_MIRROR_LAG_MS: '6000', SANDBOX_MIRROR_RATE_LIMIT: '0' }).sandboxTiming;
    expect(set).toEqual({ consensusDelayMs: [0, 0], mirrorLagMs: [6_000, 6_000], mirrorRateLimit: 0 });
    expect(parseConfig({ SANDBOX_MIRROR_LAG_MS: '8000-5000' }).sandboxTiming.mirrorLagMs).toEqual([5_000, 8_000]);
  });

  it.each([
    ['SANDBOX_MIRROR_LAG_MS', { SANDBOX_MIRROR_LAG_MS: '1000000' }],
    ['SANDBOX_MIRROR_LAG_MS', { SANDBOX_MIRROR_LAG_MS: 'slow' }],
    ['SANDBOX_CONSENSUS_DELAY_MS', { SANDBOX_CONSENSUS_DELAY_MS: '-1' }],
    ['SANDBOX_MIRROR_RATE_LIMIT', { SANDBOX_MIRROR_RATE_LIMIT: 'many' }],
  ])('refuses a malformed %s and names it', (name, env) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
