import { describe, expect, it } from 'vitest';
import { offersTryAgain } from '@/features/paws-market/retry-rules';
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
