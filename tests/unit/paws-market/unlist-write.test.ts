import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../client/memory-storage';

vi.mock('@/lib/api', () => ({ apiJson: vi.fn() }));
vi.mock('@/features/paws-market/paws-client', () => ({ prepareNftAllowanceRemoval: vi.fn(), refreshAfterTrade: vi.fn() }));
vi.mock('@/features/wallet/wallet-store', () => ({ signAndExecute: vi.fn() }));
vi.mock('@/features/ledger/ledger-wait-client', async (original) => ({ ...(await original<object>()), waitForLedger: vi.fn() }));

const { apiJson } = await import('@/lib/api');
const { prepareNftAllowanceRemoval } = await import('@/features/paws-market/paws-client');
const { signAndExecute } = await import('@/features/wallet/wallet-store');
const { waitForLedger } = await import('@/features/ledger/ledger-wait-client');
const { WalletError } = await import('@/features/wallet/wallet-errors');
const { resumeUnlists, revokePermission, startUnlist } = await import('@/features/paws-market/unlist-write');
const { $writes } = await import('@/features/writes/write-store');
const { checkWriteAgain } = await import('@/features/writes/write-progress');
const { $toasts } = await import('@/features/toast/toast-store');

const ALICE = '0.0.7001001';
const REMOVAL = `${ALICE}@${Math.floor(Date.now() / 1000)}.000000003`;
const TARGET = { listingId: 'L9', serialNumber: 648, nftName: 'Wild Tiger #648', sellerId: ALICE };
const WRITE = `unlist:${ALICE}:648`;
const FAILURE = { title: 'Unlisting Failed', text: 'There was an error returning your Tiger to your den. Please try again.' };
const SUCCESS = { state: 'success', consensusTimestamp: '1.0' } as const;

async function reaches(step: string): Promise<void> {
  await vi.waitFor(() => expect($writes.get()[WRITE]?.step).toBe(step));
}
const toastTitles = () => $toasts.get().map((toast) => toast.title);

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  $writes.set({});
  $toasts.set([]);
  vi.mocked(apiJson).mockResolvedValue({ success: true });
  vi.mocked(prepareNftAllowanceRemoval).mockResolvedValue({ transactionId: REMOVAL, transactionBytes: 'AA==' } as never);
  vi.mocked(signAndExecute).mockResolvedValue(REMOVAL);
  vi.mocked(waitForLedger).mockResolvedValue(SUCCESS);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('an unlist as a write', () => {
  it('removes the listing, revokes the permission and ends once the ledger shows the revocation', async () => {
    await startUnlist(TARGET, FAILURE);
    await reaches('done');
    expect(apiJson).toHaveBeenCalledWith('/api/paws/listings/L9', { method: 'DELETE' });
    expect($writes.get()[WRITE]).toMatchObject({
      transactionId: REMOVAL,
      steps: ['Remove the listing', 'Revoke the permission in your wallet', 'Confirm on the ledger'],
    });
    expect(toastTitles()).toEqual(['Tiger Returned']);
  });

  it("a listing the server could not remove gives the page's failure toast, leaves no write and asks no wallet", async () => {
    vi.mocked(apiJson).mockRejectedValue(new Error('Failed to fetch'));
    await startUnlist(TARGET, FAILURE);
    expect($writes.get()[WRITE]).toBeUndefined();
    expect(signAndExecute).not.toHaveBeenCalled();
    expect($toasts.get()[0]).toMatchObject({ title: FAILURE.title, description: FAILURE.text, variant: 'destructive' });
  });

  it('a refusal in the wallet ends it failed with the listing gone; revoking later asks the wallet again and finishes', async () => {
    vi.mocked(signAndExecute).mockRejectedValueOnce(new WalletError('NFT allowance was cancelled by user', true));
    await startUnlist(TARGET, FAILURE);
    await reaches('failed');
    expect($writes.get()[WRITE]).toMatchObject({ error: 'NFT allowance was cancelled by user', retryable: true });
    expect(localStorage.length).toBe(0);

    await revokePermission({ ...TARGET, listingId: null });
    await reaches('done');
    expect(apiJson).toHaveBeenCalledTimes(1);
    expect(signAndExecute).toHaveBeenCalledTimes(2);
  });

  it('a wallet that did not answer leaves the revocation to the ledger; another page picks it up and Check again finishes it, never asking twice', async () => {
    vi.mocked(signAndExecute).mockRejectedValueOnce(new WalletError('The wallet did not answer in time', false, false, true));
    vi.mocked(waitForLedger).mockResolvedValueOnce({ state: 'pending' });
    await startUnlist(TARGET, FAILURE);
    await reaches('stalled');
    expect($writes.get()[WRITE]?.note).toMatch(/If you approve it in your wallet, the permission is revoked once the ledger confirms it/);

    // Another page: nothing shown yet, the kept revocation in storage.
    $writes.set({});
    vi.mocked(waitForLedger).mockResolvedValueOnce({ state: 'pending' });
    resumeUnlists(ALICE);
    expect($writes.get()[WRITE]).toMatchObject({ title: 'Returning Wild Tiger #648 to your den', serial: 648 });
    await reaches('stalled');
    checkWriteAgain(WRITE);
    await reaches('done');
    expect(signAndExecute).toHaveBeenCalledTimes(1);
    expect(vi.mocked(waitForLedger).mock.calls.every(([id]) => id === REMOVAL)).toBe(true);
  });

  it('a revocation the ledger refused ends it failed, saying so', async () => {
    vi.mocked(waitForLedger).mockResolvedValue({ state: 'failed', result: 'INVALID_SIGNATURE' } as never);
    await startUnlist(TARGET, FAILURE);
    await reaches('failed');
    expect($writes.get()[WRITE]?.error).toBe('The ledger did not revoke the marketplace permission: the ledger answered INVALID_SIGNATURE');
    expect(localStorage.length).toBe(0);
  });
});
