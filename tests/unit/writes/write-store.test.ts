import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $writes, trayWrites } from '../../../src/features/writes/write-store';
import {
  beginWrite,
  checkStalledWrites,
  checkWriteAgain,
  dismissWrite,
  isUnderWay,
  stallWrite,
  updateWrite,
} from '../../../src/features/writes/write-progress';
import { stepIndex } from '../../../src/features/writes/WriteSteps';

const ALICE = '0.0.7001001';
const BOB = '0.0.7001002';

describe('writes in progress', () => {
  beforeEach(() => $writes.set({}));

  it('a write moves through its steps; a new step starts its elapsed time, the same step keeps it', () => {
    beginWrite({ id: 'listing:a:1', accountId: ALICE, title: 'Listing Wild Tiger #1 for 5 PAWS', serial: 1, steps: ['a', 'b', 'c'] }, 1_000);
    expect($writes.get()['listing:a:1']).toMatchObject({ step: 'prepare', since: 1_000, started: 1_000, error: null });
    updateWrite('listing:a:1', 'wallet', {}, 2_000);
    updateWrite('listing:a:1', 'wallet', {}, 3_000);
    expect($writes.get()['listing:a:1']).toMatchObject({ step: 'wallet', since: 2_000, started: 1_000 });
    updateWrite('listing:a:1', 'failed', { error: 'NFT allowance was cancelled by user', retryable: true }, 4_000);
    expect(isUnderWay($writes.get()['listing:a:1'])).toBe(false);
    expect($writes.get()['listing:a:1']).toMatchObject({ step: 'failed', error: 'NFT allowance was cancelled by user', retryable: true });
  });

  it('an update of a write that is not shown changes nothing', () => {
    updateWrite('missing', 'done');
    expect($writes.get()).toEqual({});
  });

  it("'Check again' runs the stalled write's check once; a step after it forgets the check", () => {
    const check = vi.fn();
    beginWrite({ id: 'w', accountId: ALICE, title: 't', serial: null, steps: [] });
    stallWrite('w', check);
    expect($writes.get().w?.step).toBe('stalled');
    checkWriteAgain('w');
    checkWriteAgain('w');
    expect(check).toHaveBeenCalledTimes(1);
    stallWrite('w', check);
    updateWrite('w', 'ledger');
    checkWriteAgain('w');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('an event of the holder’s own stream checks their stalled writes again at once, none of another holder’s, nor one under way', () => {
    const checks = { alice: vi.fn(), bob: vi.fn(), busy: vi.fn() };
    beginWrite({ id: 'alice', accountId: ALICE, title: 't', serial: 1, steps: [] });
    beginWrite({ id: 'bob', accountId: BOB, title: 't', serial: 2, steps: [] });
    beginWrite({ id: 'busy', accountId: ALICE, title: 't', serial: 3, steps: [] });
    stallWrite('alice', checks.alice);
    stallWrite('bob', checks.bob);
    stallWrite('busy', checks.busy);
    updateWrite('busy', 'ledger');
    checkStalledWrites(ALICE);
    checkStalledWrites(ALICE);
    expect([checks.alice.mock.calls.length, checks.bob.mock.calls.length, checks.busy.mock.calls.length]).toEqual([1, 0, 0]);
  });

  it('the tray shows the account’s writes under way or failed, oldest first, not the done ones nor the one in a dialog', () => {
    beginWrite({ id: 'late', accountId: ALICE, title: 'late', serial: 2, steps: [] }, 5_000);
    beginWrite({ id: 'early', accountId: ALICE, title: 'early', serial: 1, steps: [] }, 1_000);
    beginWrite({ id: 'done', accountId: ALICE, title: 'done', serial: 3, steps: [] }, 500);
    beginWrite({ id: 'bobs', accountId: BOB, title: 'bobs', serial: 4, steps: [] }, 500);
    updateWrite('done', 'done');
    updateWrite('early', 'ledger', {}, 9_000);
    const ids = (inDialog: string | null) => trayWrites(ALICE, $writes.get(), inDialog).map((write) => write.id);
    expect(ids(null)).toEqual(['early', 'late']);
    expect(ids('late')).toEqual(['early']);
    expect(trayWrites(null, $writes.get(), null)).toEqual([]);
    dismissWrite('early');
    expect(ids(null)).toEqual(['late']);
  });

  it("a write's place in its steps: the first while prepared, the wallet's second, the last on the ledger, all once done", () => {
    beginWrite({ id: 'buy', accountId: ALICE, title: 'Buying', serial: 5, steps: ['check', 'settle'] });
    const at = () => stepIndex($writes.get().buy as NonNullable<ReturnType<typeof $writes.get>[string]>);
    expect(at()).toBe(0);
    updateWrite('buy', 'ledger');
    expect(at()).toBe(1);
    updateWrite('buy', 'wallet', { steps: ['check', 'approve', 'settle'] });
    expect(at()).toBe(1);
    updateWrite('buy', 'stalled');
    expect(at()).toBe(2);
    updateWrite('buy', 'done');
    expect(at()).toBe(3);
  });
});
