import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../client/memory-storage';

vi.mock('@/features/paws-market/paws-client', () => ({ prepareBuy: vi.fn(), prepareTokenAllowance: vi.fn(), refreshAfterTrade: vi.fn() }));
vi.mock('@/features/wallet/wallet-store', () => ({ signAndExecute: vi.fn() }));
vi.mock('@/features/ledger/ledger-wait-client', async (original) => ({ ...(await original<object>()), waitForLedger: vi.fn() }));

const { prepareBuy, prepareTokenAllowance } = await import('@/features/paws-market/paws-client');
const { signAndExecute } = await import('@/features/wallet/wallet-store');
const { waitForLedger } = await import('@/features/ledger/ledger-wait-client');
const { resumePawsPurchases, startPawsPurchase } = await import('@/features/paws-market/purchase-write');
const { $writes } = await import('@/features/writes/write-store');
const { answerWrite, checkWriteAgain } = await import('@/features/writes/write-progress');

const BOB = '0.0.7001002';
const seconds = () => Math.floor(Date.now() / 1000);
const APPROVAL = `${BOB}@${seconds()}.000000001`;
const SETTLEMENT = `0.0.7000100@${seconds()}.000000002`;
const LISTING = { id: 'L1', nftName: 'Wild Tiger #607', serialNumber: 607, pawsPrice: '33' };
const WRITE = `paws-purchase:${BOB}:L1`;

/** Waits until the write reaches `step` (the flow runs on promises). */
async function reaches(step: string): Promise<void> {
  await vi.waitFor(() => expect($writes.get()[WRITE]?.step).toBe(step));
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  $writes.set({});
  // As the server answers: the allowance is short until the buy names the confirmed approval.
  vi.mocked(prepareBuy).mockImplementation(async (_listing, _buyer, allowanceTransactionId) =>
    allowanceTransactionId
      ? { ok: true, body: { transactionId: SETTLEMENT } }
      : { ok: false, body: { code: 'PAWS_ALLOWANCE_LOW', error: 'Insufficient PAWS token allowance', amount: '33' } },
  );
  vi.mocked(prepareTokenAllowance).mockResolvedValue({ transactionId: APPROVAL, transactionBytes: 'AA==' } as never);
  vi.mocked(signAndExecute).mockResolvedValue(APPROVAL);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('a PAWS purchase as a write', () => {
  it("'Check again' after the approval's wait ran out follows that approval: the wallet is never asked twice", async () => {
    vi.mocked(waitForLedger).mockResolvedValueOnce({ state: 'pending' });
    await startPawsPurchase(BOB, LISTING);
    await reaches('stalled');
    expect($writes.get()[WRITE]?.steps).toEqual(['Check the price and your allowance', 'Approve PAWS in your wallet', 'Settle on the ledger']);

    vi.mocked(waitForLedger).mockResolvedValue({ state: 'success', consensusTimestamp: '1.0' });
    checkWriteAgain(WRITE);
    await reaches('done');
    expect(prepareTokenAllowance).toHaveBeenCalledTimes(1);
    expect(signAndExecute).toHaveBeenCalledTimes(1);
    expect(vi.mocked(prepareBuy).mock.calls.at(-1)).toEqual(['L1', BOB, APPROVAL, []]);
    expect($writes.get()[WRITE]).toMatchObject({ transactionId: SETTLEMENT, amount: '33' });
  });

  it('an approval left waiting for the ledger is picked up by another page, named and priced, and completed', async () => {
    vi.mocked(waitForLedger).mockResolvedValueOnce({ state: 'pending' });
    await startPawsPurchase(BOB, LISTING);
    await reaches('stalled');

    // Another page: nothing shown yet, the kept approval in storage.
    $writes.set({});
    vi.mocked(waitForLedger).mockResolvedValue({ state: 'success', consensusTimestamp: '1.0' });
    resumePawsPurchases(BOB);
    expect($writes.get()[WRITE]).toMatchObject({ title: 'Buying Wild Tiger #607 for 33 PAWS', serial: 607 });
    await reaches('done');
    expect(signAndExecute).toHaveBeenCalledTimes(1);
  });

  /** The server's answer when paying from the 65 PAWS allowance would unfund Bob's 45 PAWS offer (allowance-budget.ts). */
  const lapsing = {
    code: 'PAWS_ALLOWANCE_LOW',
    error: 'Insufficient PAWS token allowance',
    amount: '98',
    due: '33',
    offersKeep: '65',
    currentAllowance: '65',
    lapsing: [{ offerId: 'O147', label: '45 PAWS offer on Wild Tiger #147' }],
    amountIfLapse: '0',
  };

  it('asks the buyer before paying would unfund an offer; letting it lapse pays from the allowance as it is, with no wallet prompt', async () => {
    vi.mocked(prepareBuy).mockImplementation(async (_listing, _buyer, _approval, lapseOffers = []) =>
      lapseOffers.includes('O147')
        ? {
            ok: true,
            body: { transactionId: SETTLEMENT, allowance: { before: '65', after: '32', offersKeep: '20', lapsed: ['45 PAWS offer on Wild Tiger #147'] } },
          }
        : { ok: false, body: lapsing },
    );
    void startPawsPurchase(BOB, LISTING);
    await reaches('confirm');
    // Nothing is chosen for the buyer: three answers, and the wallet not asked yet.
    expect($writes.get()[WRITE]?.question?.options.map((option) => option.label)).toEqual([
      'Allow 98 PAWS and keep it funded',
      'Pay from my allowance and let it lapse',
      'Cancel',
    ]);
    expect($writes.get()[WRITE]?.question?.details).toContain('45 PAWS offer on Wild Tiger #147');
    expect(signAndExecute).not.toHaveBeenCalled();
    answerWrite(WRITE, 'lapse');
    await reaches('done');
    expect(signAndExecute).not.toHaveBeenCalled();
    expect(vi.mocked(prepareBuy).mock.calls.at(-1)).toEqual(['L1', BOB, undefined, ['O147']]);
    expect($writes.get()[WRITE]?.outcome).toBe(
      'Wild Tiger #607 is now in your den, for 33 PAWS. Paid from your PAWS allowance, with no wallet prompt: 65 → 32 PAWS. Your open offers keep 20 PAWS of it. Now unfunded, as you chose: 45 PAWS offer on Wild Tiger #147.',
    );
  });

  it('the top-up keeps the offer funded: the wallet is asked for it, saying why, and the purchase goes on after the ledger confirms it', async () => {
    vi.mocked(prepareBuy).mockImplementation(async (_listing, _buyer, approval) =>
      approval ? { ok: true, body: { transactionId: SETTLEMENT } } : { ok: false, body: lapsing },
    );
    vi.mocked(waitForLedger).mockResolvedValue({ state: 'success', consensusTimestamp: '1.0' });
    void startPawsPurchase(BOB, LISTING);
    await reaches('confirm');
    answerWrite(WRITE, 'top-up');
    await reaches('done');
    expect(prepareTokenAllowance).toHaveBeenCalledWith(BOB, '98');
    expect(signAndExecute).toHaveBeenCalledTimes(1);
  });

  it('cancelling at the question ends the purchase with nothing asked of the wallet', async () => {
    vi.mocked(prepareBuy).mockResolvedValue({ ok: false, body: lapsing });
    void startPawsPurchase(BOB, LISTING);
    await reaches('confirm');
    answerWrite(WRITE, 'cancel');
    await vi.waitFor(() => expect($writes.get()[WRITE]).toBeUndefined());
    expect(prepareTokenAllowance).not.toHaveBeenCalled();
  });
});
