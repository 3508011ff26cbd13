import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../client/memory-storage';

vi.mock('@/features/profile/profile-client', () => ({ saveProfile: vi.fn(), awaitsLedger: vi.fn() }));
vi.mock('@/features/accounts/holdings-client', () => ({ verifyOwnership: vi.fn() }));

const { saveProfile, awaitsLedger } = await import('@/features/profile/profile-client');
const { verifyOwnership } = await import('@/features/accounts/holdings-client');
const { ApiError } = await import('@/lib/api/api-error');
const { LedgerStillPending } = await import('@/features/ledger/ledger-wait-client');
const { avatarWriteId, startAvatarChange, startOwnershipSync, syncWriteId } = await import('@/features/profile/profile-writes');
const { $writes, trayWrites } = await import('@/features/writes/write-store');
const { checkWriteAgain } = await import('@/features/writes/write-progress');
const { $toasts } = await import('@/features/toast/toast-store');

const ALICE = '0.0.7001001';
const TIGER = { serialNumber: 648, nftName: 'Wild Tiger #648' };
const toasts = () => $toasts.get().map((toast) => [toast.title, toast.description]);

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  $writes.set({});
  $toasts.set([]);
  vi.mocked(awaitsLedger).mockReturnValue(false);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('the profile’s writes', () => {
  it('shows a profile image change in the tray while it waits for the ledger, once at a time, and ends in its toast', async () => {
    vi.mocked(awaitsLedger).mockReturnValue(true);
    let answer: (value: never) => void = () => undefined;
    vi.mocked(saveProfile).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = startAvatarChange(ALICE, TIGER);
    const second = startAvatarChange(ALICE, TIGER);
    expect(trayWrites(ALICE, $writes.get(), null)).toMatchObject([
      { id: avatarWriteId(ALICE), title: 'Setting Wild Tiger #648 as your profile image', step: 'ledger', serial: 648 },
    ]);
    answer({} as never);
    await Promise.all([first, second]);
    expect(saveProfile).toHaveBeenCalledTimes(1);
    expect(saveProfile).toHaveBeenCalledWith({ avatarNftSerial: 648 });
    expect($writes.get()[avatarWriteId(ALICE)]).toBeUndefined();
    expect(toasts()).toEqual([['Profile Image Updated', 'Wild Tiger #648 is your profile image.']]);
  });

  it('says a failed sync in the spec’s words, with Try again when the server could not answer', async () => {
    vi.mocked(verifyOwnership).mockRejectedValueOnce(
      new ApiError(503, 'Service Unavailable', JSON.stringify({ error: 'The ledger is unavailable', code: 'LEDGER_UNAVAILABLE' })),
    );
    await startOwnershipSync(ALICE);
    expect($writes.get()[syncWriteId(ALICE)]).toBeUndefined();
    expect(toasts()).toEqual([['Sync Failed', 'The ledger is unavailable']]);
    vi.mocked(verifyOwnership).mockResolvedValueOnce();
    $toasts.get()[0]?.action?.onClick();
    await vi.waitFor(() => expect(toasts()).toContainEqual(['Ownership Verified', 'Your tigers were read from the Hedera ledger.']));
  });

  it('stalls a sync whose wait for the ledger ran long, with Check again', async () => {
    vi.mocked(verifyOwnership).mockRejectedValueOnce(new LedgerStillPending());
    await startOwnershipSync(ALICE);
    expect($writes.get()[syncWriteId(ALICE)]?.step).toBe('stalled');
    expect(toasts()).toEqual([]);
    vi.mocked(verifyOwnership).mockResolvedValueOnce();
    checkWriteAgain(syncWriteId(ALICE));
    await vi.waitFor(() => expect($writes.get()[syncWriteId(ALICE)]).toBeUndefined());
    expect(verifyOwnership).toHaveBeenCalledTimes(2);
  });
});
