import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../client/memory-storage';

vi.mock('@/features/offers/offer-client', () => ({ acceptOffer: vi.fn(), makeOffer: vi.fn() }));
vi.mock('@/features/paws-market/paws-client', () => ({ prepareNftAllowance: vi.fn(), prepareTokenAllowance: vi.fn(), refreshAfterTrade: vi.fn() }));
vi.mock('@/features/wallet/wallet-store', () => ({ signAndExecute: vi.fn() }));
vi.mock('@/features/ledger/ledger-wait-client', async (original) => ({ ...(await original<object>()), waitForLedger: vi.fn() }));

const { acceptOffer, makeOffer } = await import('@/features/offers/offer-client');
const { prepareNftAllowance, prepareTokenAllowance } = await import('@/features/paws-market/paws-client');
const { signAndExecute } = await import('@/features/wallet/wallet-store');
const { LedgerStillPending, waitForLedger } = await import('@/features/ledger/ledger-wait-client');
const { WalletError } = await import('@/features/wallet/wallet-errors');
const { ApiError } = await import('@/lib/api/index');
const { resumeAccepts, startAcceptOffer } = await import('@/features/offers/accept-offer-write');
const { resumeOffers, startMakeOffer } = await import('@/features/offers/make-offer-write');
const { startLowerAllowance } = await import('@/features/offers/lower-allowance-write');
const { $writes } = await import('@/features/writes/write-store');
const { checkWriteAgain } = await import('@/features/writes/write-progress');
const { $toasts } = await import('@/features/toast/toast-store');

const ALICE = '0.0.7001001';
const BOB = '0.0.7001002';
const seconds = () => Math.floor(Date.now() / 1000);
const APPROVAL = `${ALICE}@${seconds()}.000000004`;
const SALE = `0.0.7000100@${seconds()}.000000005`;
const OFFER = { id: 'O1', pawsAmount: '500' };
const SALE_WRITE = `offer-accept:${ALICE}:O1`;
const REQUEST = { kind: 'item', serialNumber: 648, pawsAmount: '40', expiresAt: new Date(Date.now() + 86_400_000).toISOString() } as const;
const MADE = { ...REQUEST, id: 'N1', buyerId: BOB };
const OFFER_WRITE = `offer-make:${BOB}:N1`;
const SUCCESS = { state: 'success', consensusTimestamp: '1.0' } as const;
const sold = { status: 'sold', transactionId: SALE, sale: {} } as never;

async function reaches(id: string, step: string): Promise<void> {
  await vi.waitFor(() => expect($writes.get()[id]?.step).toBe(step));
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  $writes.set({});
  $toasts.set([]);
  vi.mocked(prepareNftAllowance).mockResolvedValue({ transactionId: APPROVAL, transactionBytes: 'AA==' } as never);
  vi.mocked(prepareTokenAllowance).mockResolvedValue({ transactionId: APPROVAL, transactionBytes: 'AA==' } as never);
  vi.mocked(signAndExecute).mockResolvedValue(APPROVAL);
  vi.mocked(waitForLedger).mockResolvedValue(SUCCESS);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('accepting an offer as a write', () => {
  it('sells at once when the marketplace may move the tiger: two steps, the sale and its toast', async () => {
    vi.mocked(acceptOffer).mockResolvedValue(sold);
    await startAcceptOffer(ALICE, OFFER, 648);
    expect($writes.get()[SALE_WRITE]).toMatchObject({ step: 'done', transactionId: SALE, title: 'Selling Wild Tiger #648 for 500 PAWS' });
    expect($writes.get()[SALE_WRITE]?.steps).toHaveLength(2);
    expect(signAndExecute).not.toHaveBeenCalled();
    expect($toasts.get()[0]).toMatchObject({ title: 'Offer Accepted', description: 'Wild Tiger #648 sold for 500 PAWS.' });
  });

  it('an approval the ledger has not shown yet is kept: another page picks it up, Check again sells, and the wallet is asked once', async () => {
    vi.mocked(acceptOffer)
      .mockResolvedValueOnce({ status: 'approval', serialNumber: 648 })
      .mockRejectedValueOnce(new LedgerStillPending())
      .mockRejectedValueOnce(new LedgerStillPending())
      .mockResolvedValue(sold);
    await startAcceptOffer(ALICE, OFFER, 648);
    await reaches(SALE_WRITE, 'stalled');
    expect($writes.get()[SALE_WRITE]?.steps).toEqual(['Check the offer and the tiger', 'Approve the marketplace in your wallet', 'Settle on the ledger']);

    $writes.set({});
    resumeAccepts(ALICE);
    await reaches(SALE_WRITE, 'stalled');
    expect($writes.get()[SALE_WRITE]).toMatchObject({ title: 'Selling Wild Tiger #648 for 500 PAWS', serial: 648 });
    checkWriteAgain(SALE_WRITE);
    await reaches(SALE_WRITE, 'done');
    expect(signAndExecute).toHaveBeenCalledTimes(1);
    expect(vi.mocked(acceptOffer).mock.calls.at(-1)).toEqual([ALICE, 'O1', 648, APPROVAL]);
    expect(localStorage.length).toBe(0);
  });

  it('a server that cannot answer after the approval keeps it: accepting again follows that approval, never a second one', async () => {
    vi.mocked(acceptOffer)
      .mockResolvedValueOnce({ status: 'approval', serialNumber: 648 })
      .mockRejectedValueOnce(new ApiError(503, 'Service Unavailable', '{"error":"The ledger cannot be reached","code":"LEDGER_UNAVAILABLE"}'))
      .mockResolvedValue(sold);
    await startAcceptOffer(ALICE, OFFER, 648);
    expect($writes.get()[SALE_WRITE]?.step).toBe('failed');
    expect(localStorage.length).toBe(1);

    await startAcceptOffer(ALICE, OFFER, 648);
    expect($writes.get()[SALE_WRITE]?.step).toBe('done');
    expect(signAndExecute).toHaveBeenCalledTimes(1);
    expect(vi.mocked(acceptOffer).mock.calls.at(-1)).toEqual([ALICE, 'O1', 648, APPROVAL]);
    expect(localStorage.length).toBe(0);
  });

  it('a refusal in the wallet ends it with Try Again, keeping nothing', async () => {
    vi.mocked(acceptOffer).mockResolvedValue({ status: 'approval', serialNumber: 648 });
    vi.mocked(signAndExecute).mockRejectedValue(new WalletError('NFT allowance was cancelled by user', true));
    await startAcceptOffer(ALICE, OFFER, 648);
    expect($writes.get()[SALE_WRITE]).toMatchObject({ step: 'failed', error: 'NFT allowance was cancelled by user', retryable: true });
    expect(localStorage.length).toBe(0);
  });
});

describe('making an offer as a write', () => {
  it('a short allowance is approved in the wallet, then the offer is made under its one id', async () => {
    vi.mocked(makeOffer)
      .mockResolvedValueOnce({ status: 'allowance', amount: '40', currentAllowance: '0', due: '40', offersKeep: '0' })
      .mockResolvedValue({ status: 'made', offer: MADE } as never);
    await startMakeOffer(BOB, 'N1', REQUEST);
    expect($writes.get()[OFFER_WRITE]).toMatchObject({ step: 'done', title: 'Offering 40 PAWS for Wild Tiger #648' });
    expect(vi.mocked(makeOffer).mock.calls.map((call) => call[1])).toEqual(['N1', 'N1']);
    expect($toasts.get()[0]?.title).toBe('Offer Made');
  });

  it('a wallet that did not answer leaves the approval to the ledger; another page makes the same offer once it shows', async () => {
    vi.mocked(makeOffer)
      .mockResolvedValueOnce({ status: 'allowance', amount: '40', currentAllowance: '0', due: '40', offersKeep: '0' })
      .mockRejectedValueOnce(new LedgerStillPending())
      .mockResolvedValue({ status: 'made', offer: MADE } as never);
    vi.mocked(signAndExecute).mockRejectedValue(new WalletError('Wallet execution timeout after 45 seconds', false, false, true));
    await startMakeOffer(BOB, 'N1', REQUEST);
    await reaches(OFFER_WRITE, 'stalled');
    expect($writes.get()[OFFER_WRITE]?.note).toMatch(/the offer is made once the ledger confirms it/);

    $writes.set({});
    resumeOffers(BOB);
    await reaches(OFFER_WRITE, 'done');
    expect(vi.mocked(makeOffer).mock.calls.at(-1)).toEqual([BOB, 'N1', REQUEST, APPROVAL]);
    expect(signAndExecute).toHaveBeenCalledTimes(1);
  });
});

describe('lowering the allowance as a write', () => {
  it('ends once the ledger shows the lower approval, and says what the marketplace may now spend', async () => {
    await startLowerAllowance(BOB, '120');
    expect($writes.get()[`paws-allowance:${BOB}`]).toMatchObject({ step: 'done', transactionId: APPROVAL });
    expect($toasts.get()[0]).toMatchObject({ title: 'Allowance Lowered', description: 'The marketplace may now spend 120 PAWS of yours.' });
  });
});
