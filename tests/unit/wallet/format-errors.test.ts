import { describe, expect, it } from 'vitest';
import { formatAccountId, formatHbar, formatMarketCap, formatPawsPrice } from '../../../src/lib/format';
import { isAmbiguousRejection, isRejection, toWalletError } from '../../../src/features/wallet/wallet-errors';

describe('display formats (spec 000 §5)', () => {
  it('shows 0.0. ids and short ids in full, shortens others to 6…4', () => {
    expect(formatAccountId('0.0.1234567890123')).toBe('0.0.1234567890123');
    expect(formatAccountId('abcdefghij')).toBe('abcdefghij');
    expect(formatAccountId('0x1234567890abcdef')).toBe('0x1234...cdef');
  });
  it('formats HBAR with 2 decimals, PAWS prices with 6 or 4, market cap in K or M', () => {
    expect(formatHbar('1234.5678')).toBe('1,234.57');
    expect(formatPawsPrice(0.001234567)).toBe('0.001235');
    expect(formatPawsPrice(0.0123456)).toBe('0.0123');
    expect(formatMarketCap(1_234_567)).toBe('$1.23M');
    expect(formatMarketCap(45_600)).toBe('$45.60K');
  });
});

describe('wallet error catalogue (spec 000 §8)', () => {
  it('counts codes -32000 and 4001 and reject/denied/cancel wording as rejection', () => {
    expect(isRejection({ code: -32000, message: 'x' })).toBe(true);
    expect(isRejection({ code: 4001, message: 'x' })).toBe(true);
    expect(isRejection(new Error('Request denied by user'))).toBe(true);
    expect(isRejection(new Error('INSUFFICIENT_PAYER_BALANCE'))).toBe(false);
    expect(isAmbiguousRejection(new Error('User rejected.'))).toBe(true);
    expect(isAmbiguousRejection(new Error('User rejected the request'))).toBe(false);
  });
  it('maps each action to its messages', () => {
    expect(toWalletError(new Error('user rejected'), 'sign-in').message).toBe('Authentication was cancelled by user');
    expect(toWalletError(new Error('boom'), 'sign-in').message).toBe('Authentication failed. Please try again.');
    expect(toWalletError(new Error('user rejected'), 'message').message).toBe('Message signing was cancelled by user');
    expect(toWalletError(new Error('boom'), 'message').message).toBe('Message signing failed: boom');
    expect(toWalletError({ code: 4001 }, 'nft-allowance').message).toBe('NFT allowance was cancelled by user');
    expect(toWalletError(new Error('boom'), 'paws-allowance').message).toBe('Failed to approve PAWS token allowance: boom');
    expect(toWalletError(new Error(''), 'transaction').message).toBe('Transaction was rejected or cancelled by user');
    expect(toWalletError(new Error('Request timed out'), 'transaction').message).toBe('Transaction timed out. Please try again');
    expect(toWalletError(new Error('INVALID_SIGNATURE'), 'transaction').message).toBe('Transaction signing failed: INVALID_SIGNATURE');
    expect(toWalletError(new Error('Missing or invalid topic'), 'transaction')).toMatchObject({ reconnect: true });
  });

  it('gives each failure a kind that flows act on, so no flow reads the words', () => {
    expect(toWalletError(new Error('Request timed out'), 'transaction').kind).toBe('unanswered');
    expect(toWalletError({ code: 4001 }, 'transaction').kind).toBe('rejected');
    expect(toWalletError(new Error('Session expired'), 'transaction').kind).toBe('session-lost');
    // A retry of the very transaction the ledger already took (the node's precheck status).
    expect(toWalletError(new Error('transaction 0.0.7001004@1.2 failed precheck with status DUPLICATE_TRANSACTION'), 'transaction').kind).toBe('duplicate');
    expect(toWalletError(new Error('INVALID_SIGNATURE'), 'transaction').kind).toBe('failed');
  });
});
