import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../client/memory-storage';

vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), apiJson: vi.fn() }));
vi.mock('@/features/paws-market/paws-client', () => ({ prepareNftAllowance: vi.fn(), refreshAfterTrade: vi.fn() }));
vi.mock('@/features/wallet/wallet-store', () => ({ signAndExecute: vi.fn() }));
vi.mock('@/features/ledger/ledger-wait-client', async (original) => ({ ...(await original<object>()), waitForLedger: vi.fn() }));

const { apiJson, ApiError, ApiUnreachableError } = await import('@/lib/api');
const { waitForLedger } = await import('@/features/ledger/ledger-wait-client');
const { pendingListing, savePendingAction } = await import('@/features/ledger/kept-transactions');
const { finishListing, resumeListings } = await import('@/features/paws-market/listing-write');
const { $writes } = await import('@/features/writes/write-store');
const { $toasts } = await import('@/features/toast/toast-store');

const CAROL = '0.0.7001003';
const APPROVAL = `${CAROL}@${Math.floor(Date.now() / 1000)}.000000004`;
const ACTION = {
  kind: 'listing',
  accountId: CAROL,
  serialNumber: 1069,
  pendingListingId: 'P1',
  transactionId: APPROVAL,
  price: '43',
  name: 'Wild Tiger #1069',
} as const;
const WRITE = `listing:${CAROL}:1069`;
const COMPLETED = { listing: { id: 'L1', pawsPrice: '43' }, approvalTransactionId: APPROVAL };

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  $writes.set({});
  $toasts.set([]);
  vi.mocked(waitForLedger).mockResolvedValue({ state: 'success', consensusTimestamp: '1.0' });
  savePendingAction(ACTION);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('completing a listing whose approval the ledger confirmed', () => {
  it.each([
    ['the network failed', new ApiUnreachableError(new TypeError('Failed to fetch'))],
    ['the page left mid-request', new DOMException('The operation was aborted.', 'AbortError')],
    ['the server could not answer', new ApiError(503, 'Service Unavailable', '')],
  ])('keeps the approval when no answer came (%s): the next page completes the listing, without the wallet', async (_, failure) => {
    vi.mocked(apiJson).mockRejectedValueOnce(failure);
    await finishListing(ACTION);
    expect($writes.get()[WRITE]?.step).toBe('failed');
    expect(pendingListing(CAROL, 1069)).toEqual(ACTION);

    $writes.set({});
    vi.mocked(apiJson).mockResolvedValueOnce(COMPLETED);
    resumeListings(CAROL);
    await vi.waitFor(() => expect($writes.get()[WRITE]?.step).toBe('done'));
    expect($toasts.get().map((toast) => toast.title)).toEqual(['Tiger Listed!']);
    expect(pendingListing(CAROL, 1069)).toBeUndefined();
  });

  it("forgets the approval once the server refused the listing, with the server's reason", async () => {
    vi.mocked(apiJson).mockRejectedValueOnce(new ApiError(409, 'Conflict', JSON.stringify({ error: 'NFT already listed', code: 'CONFLICT' })));
    await finishListing(ACTION);
    expect($writes.get()[WRITE]).toMatchObject({ step: 'failed', error: 'NFT already listed' });
    expect(pendingListing(CAROL, 1069)).toBeUndefined();
  });
});
