import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCode } from '@/lib/api/index';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { acceptOffer, cancelOffer, createBestOffersStore, makeOffer } from '@/features/offers/offer-client';
import { installApi } from '../client/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const APPROVAL = '0.0.7001002@1700000000.000000001';
const offer = { id: 'o1', status: 'open', funded: true, pawsAmount: '12.5' };
const terms = { kind: 'item' as const, serialNumber: 7, pawsAmount: '12.5', expiresAt: '2030-01-08T00:00:00.000Z' };

describe('offer client', () => {
  it('makes an offer: a short allowance is answered with the amount to approve; after the approval it waits for the ledger and asks again', async () => {
    const calls = installApi({
      'POST /api/paws/offers': [
        () => ({ status: 400, json: { error: 'Insufficient PAWS token allowance', code: 'PAWS_ALLOWANCE_LOW', amount: '42.5', currentAllowance: '30' } }),
        () => ({ status: 409, json: { error: 'Waiting for the ledger', code: 'LEDGER_PENDING', transactionId: APPROVAL } }),
        () => ({ json: { success: true, offer } }),
      ],
      [`GET /api/hedera/transaction/${encodeURIComponent('0.0.7001002-1700000000-000000001')}`]: [
        () => ({ json: { state: 'success', consensusTimestamp: '1.2' } }),
      ],
    });
    // An answer without the trade's own part and the offers' (an older server) reads as the whole amount for the trade.
    expect(await makeOffer('0.0.7001002', 'id-1', terms)).toEqual({
      status: 'allowance',
      amount: '42.5',
      currentAllowance: '30',
      due: '42.5',
      offersKeep: '0',
    });
    expect(await makeOffer('0.0.7001002', 'id-1', terms, APPROVAL)).toEqual({ status: 'made', offer });
    const posts = calls.filter((entry) => entry.method === 'POST');
    expect(posts.map((entry) => entry.body)).toEqual([
      { ...terms, offerId: 'id-1', buyerId: '0.0.7001002', tokenId: PUBLIC_CONFIG.nftTokenId },
      { ...terms, offerId: 'id-1', buyerId: '0.0.7001002', tokenId: PUBLIC_CONFIG.nftTokenId, allowanceTransactionId: APPROVAL },
      { ...terms, offerId: 'id-1', buyerId: '0.0.7001002', tokenId: PUBLIC_CONFIG.nftTokenId, allowanceTransactionId: APPROVAL },
    ]);
  });

  it('asks again while the server or its mirror node is briefly unavailable (the same offer id), and gives up after two more tries', async () => {
    vi.useFakeTimers();
    try {
      const unavailable = () => ({ status: 503, json: { error: 'The Hedera mirror node is unavailable, try again shortly', code: 'LEDGER_UNAVAILABLE' } });
      const calls = installApi({ 'POST /api/paws/offers': [unavailable, () => ({ json: { success: true, offer } })] });
      const made = makeOffer('0.0.7001002', 'id-2', terms, APPROVAL);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await made).toEqual({ status: 'made', offer });
      expect(calls.filter((entry) => entry.method === 'POST').map((entry) => (entry.body as { offerId: string }).offerId)).toEqual(['id-2', 'id-2']);

      installApi({ 'POST /api/paws/offers': [unavailable, unavailable, unavailable] });
      const refused = makeOffer('0.0.7001002', 'id-3', terms, APPROVAL).catch((error: unknown) => errorCode(error));
      await vi.advanceTimersByTimeAsync(4_000);
      expect(await refused).toBe('LEDGER_UNAVAILABLE');
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts: a tiger without the marketplace’s approval answers which one to approve; an unfunded offer throws its code', async () => {
    const sale = { offerId: 'o1', serialNumber: 7, sellerId: '0.0.7001003', buyerId: '0.0.7001002', pawsAmount: '12.5', transactionId: 't', filledAt: 'now' };
    installApi({
      'POST /api/paws/offers/o1/accept': [
        () => ({ status: 400, json: { error: 'Approve the marketplace', code: 'NFT_ALLOWANCE_MISSING', tokenId: '0.0.7000333', serialNumber: 7 } }),
        () => ({ json: { success: true, transactionId: 't', sale } }),
        () => ({ status: 409, json: { error: 'This offer is unfunded', code: 'OFFER_UNFUNDED' } }),
      ],
    });
    expect(await acceptOffer('0.0.7001003', 'o1', 7)).toEqual({ status: 'approval', serialNumber: 7 });
    expect(await acceptOffer('0.0.7001003', 'o1', 7, APPROVAL)).toEqual({ status: 'sold', transactionId: 't', sale });
    expect(errorCode(await acceptOffer('0.0.7001003', 'o1', 7).catch((error: unknown) => error))).toBe('OFFER_UNFUNDED');
  });

  it('cancels and passes on how far the allowance could be lowered', async () => {
    const allowance = { tokenId: '0.0.9296439', spenderAccountId: '0.0.7000100', current: '40', reserved: '10', lowerTo: '10' };
    installApi({ 'DELETE /api/paws/offers/o1': [() => ({ json: { success: true, offer: { ...offer, status: 'cancelled' }, allowance } })] });
    expect((await cancelOffer('o1')).allowance).toEqual(allowance);
  });

  it('asks for the best offers of the cards shown once, serials sorted and without repeats', async () => {
    const calls = installApi({
      'GET /api/paws/offers/best?serials=3,9': [() => ({ json: { best: { 9: { offerId: 'o1', kind: 'item', pawsAmount: '5' } } } })],
    });
    const $best = createBestOffersStore(atom([9, 3, 9]));
    const unsubscribe = $best.subscribe(() => undefined);
    await vi.waitFor(() => expect($best.get().data).toEqual({ best: { 9: { offerId: 'o1', kind: 'item', pawsAmount: '5' } } }));
    unsubscribe();
    expect(calls.map((entry) => entry.url)).toEqual(['/api/paws/offers/best?serials=3,9']);
  });
});
