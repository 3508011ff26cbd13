import { describe, expect, it } from 'vitest';
import { transactionExplorerUrl } from '@/features/ledger/transaction-id';

describe('a transaction’s explorer link', () => {
  it('is its HashScan page by transaction id on mainnet, from either id form', () => {
    expect(transactionExplorerUrl('mainnet', '0.0.7001003@1700000000.000000001')).toBe(
      'https://hashscan.io/mainnet/transactionsById/0.0.7001003-1700000000-000000001',
    );
    expect(transactionExplorerUrl('mainnet', '0.0.7001003-1700000000-000000001')).toBe(
      'https://hashscan.io/mainnet/transactionsById/0.0.7001003-1700000000-000000001',
    );
  });

  it('is none on the sandbox network, and none for what is not a transaction id', () => {
    expect(transactionExplorerUrl('sandbox', '0.0.7001003@1700000000.000000001')).toBeNull();
    expect(transactionExplorerUrl('mainnet', 'a3f1c2e4-listing-uuid')).toBeNull();
  });
});
