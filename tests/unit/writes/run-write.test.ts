import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LedgerStillPending } from '@/features/ledger/ledger-wait-client';
import { FailureWithRemedy, offersTryAgain, runWrite } from '@/features/writes/run-write';
import { checkWriteAgain, runRemedy, updateWrite } from '@/features/writes/write-progress';
import { $writes } from '@/features/writes/write-store';
import { WALLET_MESSAGES, WalletError, toWalletError } from '@/features/wallet/wallet-errors';

describe('offersTryAgain (spec 001 §4: Try Again only if the error says reject)', () => {
  it('offers it for a refusal in the wallet, whatever words the catalogue gives it', () => {
    const refusal = toWalletError(Object.assign(new Error('User rejected the transaction'), { code: 4001 }), 'nft-allowance');
    expect(refusal.message).toBe(WALLET_MESSAGES.nftAllowanceCancelled);
    expect(offersTryAgain(refusal, refusal.message)).toBe(true);
    const wrapped = new Error(`Token allowance approval failed: ${refusal.message}`, { cause: refusal });
    expect(offersTryAgain(wrapped, wrapped.message)).toBe(true);
  });

  it('offers it when the message says reject, and not for other failures', () => {
    expect(offersTryAgain(new Error('x'), 'The user REJECTED it')).toBe(true);
    expect(offersTryAgain(new WalletError(WALLET_MESSAGES.executionTimeout), WALLET_MESSAGES.executionTimeout)).toBe(false);
    expect(offersTryAgain(new Error('Failed to complete listing'), 'Failed to complete listing')).toBe(false);
    expect(offersTryAgain(new WalletError('NFT allowance failed: boom', false), 'NFT allowance failed: boom')).toBe(false);
    expect(offersTryAgain(undefined, 'Unknown error')).toBe(false);
  });
});

const ALICE = '0.0.7001001';
const start = (id: string) => ({ id, accountId: ALICE, title: `Write ${id}`, serial: null, steps: ['prepare', 'wallet', 'ledger'] });
/** Lets the write's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runWrite: the one life of every browser write', () => {
  beforeEach(() => $writes.set({}));

  it('begins the write, runs its work, and leaves the end to it', async () => {
    await runWrite(start('w'), {
      run: async () => updateWrite('w', 'done', { outcome: 'Listed.' }),
      fallback: 'Failed',
    });
    expect($writes.get().w).toMatchObject({ step: 'done', outcome: 'Listed.', title: 'Write w' });
  });

  it('runs nothing twice: a write under way is left to go on, unless it is followed', async () => {
    let finish = () => {};
    const first = runWrite(start('w'), { run: () => new Promise<void>((resolve) => (finish = resolve)), fallback: 'Failed' });
    const second = vi.fn(async () => {});
    await runWrite(start('w'), { run: second, fallback: 'Failed' });
    expect(second).not.toHaveBeenCalled();
    await runWrite(start('w'), { run: second, fallback: 'Failed' }, { follow: true });
    expect(second).toHaveBeenCalledTimes(1);
    finish();
    await first;
  });

  it('follows a write no page shows (a reload) by beginning it first', async () => {
    const seen: (string | undefined)[] = [];
    await runWrite(start('w'), { run: async () => void seen.push($writes.get().w?.title), fallback: 'Failed' }, { follow: true });
    expect(seen).toEqual(['Write w']);
  });

  it("stalls on a long wait for the ledger: 'Check again' runs `again` (never the whole write), which can end it", async () => {
    const run = vi.fn(async () => {
      throw new LedgerStillPending();
    });
    const again = vi.fn(async () => updateWrite('w', 'done'));
    const stalled = vi.fn();
    await runWrite(start('w'), { run, again, stalled, fallback: 'Failed' });
    expect($writes.get().w?.step).toBe('stalled');
    expect(stalled).toHaveBeenCalledTimes(1);
    checkWriteAgain('w');
    await settle();
    expect(run).toHaveBeenCalledTimes(1);
    expect(again).toHaveBeenCalledTimes(1);
    expect($writes.get().w?.step).toBe('done');
  });

  it('ends failed with the message, Try Again only for a refusal; its own words where it has them', async () => {
    await runWrite(start('a'), { run: () => Promise.reject(new Error('Failed to complete listing')), fallback: 'Failed' });
    expect($writes.get().a).toMatchObject({ step: 'failed', error: 'Failed to complete listing', retryable: false });
    const refusal = toWalletError(Object.assign(new Error('User rejected the transaction'), { code: 4001 }), 'nft-allowance');
    await runWrite(start('b'), { run: () => Promise.reject(refusal), fallback: 'Failed' });
    expect($writes.get().b).toMatchObject({ step: 'failed', error: WALLET_MESSAGES.nftAllowanceCancelled, retryable: true });
    await runWrite(start('c'), {
      run: () => Promise.reject(new Error('boom')),
      fallback: 'Failed',
      failure: (error) => ({ error: `Purchase Failed: ${(error as Error).message}`, retryable: false }),
    });
    expect($writes.get().c).toMatchObject({ step: 'failed', error: 'Purchase Failed: boom' });
  });

  it('a failure with a remedy ends failed and offers it, one click', async () => {
    const revoke = vi.fn();
    await runWrite(start('w'), {
      run: () => Promise.reject(new FailureWithRemedy(new Error('This offer is unfunded'), { label: 'Revoke the permission', run: revoke })),
      fallback: 'Failed',
    });
    expect($writes.get().w).toMatchObject({ step: 'failed', error: 'This offer is unfunded', remedy: 'Revoke the permission' });
    runRemedy('w');
    expect(revoke).toHaveBeenCalledTimes(1);
  });
});

describe('every write goes through runWrite', () => {
  /** src files, outside writes/, that begin, stall or fail a write themselves. */
  function ownLives(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return path.endsWith(join('features', 'writes')) ? [] : ownLives(path);
      if (!/\.(ts|tsx)$/.test(name)) return [];
      return /\b(beginWrite|stallWrite|failWrite)\b/.test(readFileSync(path, 'utf8')) ? [path] : [];
    });
  }

  it('no feature begins, stalls or fails a write but through runWrite', () => {
    expect(ownLives(resolve('src'))).toEqual([]);
  });
});

describe('every write dialog renders the one shell', () => {
  /** Islands outside writes/ that show a write in a dialog (useWriteDialog) without WriteDialog, or draw the ledger's stall themselves. */
  function ownShells(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return path.endsWith(join('features', 'writes')) ? [] : ownShells(path);
      if (!name.endsWith('.tsx')) return [];
      const text = readFileSync(path, 'utf8');
      const ownShell = /\buseWriteDialog\(/.test(text) && !/<WriteDialog\b/.test(text);
      return ownShell || /<LedgerStalledNotice\b/.test(text) ? [path] : [];
    });
  }

  it('WriteDialog renders each, with its progress, stall and failure', () => {
    expect(ownShells(resolve('src'))).toEqual([]);
  });
});
