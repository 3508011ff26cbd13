import { connectByQrCode, openPage, type TestPage } from '../../support/walletconnect/harness';
import type { NodeWallet } from '../../support/walletconnect/node-wallet';
import { verifyingExecutor } from '../../support/walletconnect/verifying-executor';
import { AccountId, Hbar, PrivateKey, TransactionId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../../src/features/wallet/base64';
import type { WalletAdapter } from '../../../src/features/wallet/wallet-port';
import { WalletError } from '../../../src/features/wallet/wallet-errors';
import { $wallet, setWalletAdapterLoader, signAndExecute } from '../../../src/features/wallet/wallet-store';

const ed25519 = { accountId: '0.0.1001', privateKey: PrivateKey.generateED25519() };
const ecdsa = { accountId: '0.0.1002', privateKey: PrivateKey.generateECDSA() };
const executor = verifyingExecutor({ [ed25519.accountId]: ed25519.privateKey.publicKey, [ecdsa.accountId]: ecdsa.privateKey.publicKey });

/** Frozen transfer bytes (base64) paid by `payer`, as the app's server prepares them. */
function transfer(payer: string): { bytes: string; transactionId: string } {
  const transactionId = TransactionId.generate(payer);
  const transaction = new TransferTransaction()
    .addHbarTransfer(payer, Hbar.fromTinybars(-1))
    .addHbarTransfer('0.0.98', Hbar.fromTinybars(1))
    .setNodeAccountIds([new AccountId(3)])
    .setTransactionId(transactionId)
    .freeze();
  return { bytes: bytesToBase64(transaction.toBytes()), transactionId: transactionId.toString() };
}

/** The store connected to `accountId` through `adapter`, as after a connect. */
function storeConnected(adapter: WalletAdapter, accountId: string): void {
  setWalletAdapterLoader(async () => adapter);
  $wallet.set({ ...$wallet.get(), isConnected: true, accountId, walletType: 'walletconnect' });
}

let page: TestPage;
let wallet: NodeWallet;
let adapter: WalletAdapter;
beforeAll(async () => {
  page = await openPage();
  wallet = await page.startWallet({ accounts: [ed25519, ecdsa], execute: executor.execute });
  adapter = await page.loadAdapter();
  await connectByQrCode(adapter, wallet);
});
afterAll(() => page.close());

describe('transactions through the real DAppConnector, relay and library wallet', () => {
  it.each([
    ['ED25519', ed25519],
    ['ECDSA', ecdsa],
  ])('signs and executes with an %s account and returns the transaction id', async (_type, account) => {
    const { bytes, transactionId } = transfer(account.accountId);
    await expect(adapter.signAndExecuteTransaction(account.accountId, bytes)).resolves.toEqual({ transactionId });
    expect(executor.executed.at(-1)?.transactionId?.toString()).toBe(transactionId);

    storeConnected(adapter, account.accountId);
    const next = transfer(account.accountId);
    await expect(signAndExecute(next.bytes)).resolves.toBe(next.transactionId);
  });

  it('passes a refusal with code 4001 or -32000 on as the wallet sent it, which the store reports as cancelled', async () => {
    storeConnected(adapter, ed25519.accountId);
    wallet.answerNext({ answer: 'reject-4001', message: 'Declined' }, { answer: 'reject-32000', message: 'Declined' });
    await expect(adapter.signAndExecuteTransaction(ed25519.accountId, transfer(ed25519.accountId).bytes)).rejects.toEqual({ code: 4001, message: 'Declined' });
    const cancelled = await signAndExecute(transfer(ed25519.accountId).bytes, 'nft-allowance').catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(WalletError);
    expect(cancelled).toMatchObject({ message: 'NFT allowance was cancelled by user', rejected: true });

    wallet.answerNext('reject-4001', 'reject-32000');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(signAndExecute(transfer(ed25519.accountId).bytes)).rejects.toMatchObject({ message: 'Transaction was cancelled by user', rejected: true });
    }
  });

  it("treats a plain 'User rejected.' as inconclusive: the store goes on after 2 s with the frozen transaction id", async () => {
    storeConnected(adapter, ecdsa.accountId);
    wallet.answerNext('user-rejected');
    await expect(adapter.signAndExecuteTransaction(ecdsa.accountId, transfer(ecdsa.accountId).bytes)).rejects.toEqual({
      code: 5000,
      message: 'User rejected.',
    });

    wallet.answerNext('user-rejected');
    const { bytes, transactionId } = transfer(ecdsa.accountId);
    const started = Date.now();
    await expect(signAndExecute(bytes, 'transaction', transactionId)).resolves.toBe(transactionId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('waits for a wallet that takes its time', async () => {
    wallet.answerNext({ answer: 'approve', delayMs: 1_000 });
    const { bytes, transactionId } = transfer(ed25519.accountId);
    await expect(adapter.signAndExecuteTransaction(ed25519.accountId, bytes)).resolves.toEqual({ transactionId });
  });

  it('reports a precheck failure as a signing failure, not a cancellation', async () => {
    storeConnected(adapter, ed25519.accountId);
    // The wallet signs as 0.0.1001, but the payer is an account whose key it does not hold.
    const failure = await signAndExecute(transfer('0.0.1003').bytes).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'Transaction signing failed: INVALID_SIGNATURE', rejected: false });
  });

  it('leaves the request pending while the wallet does not answer (the store ends it at 45 s)', async () => {
    const silent = await page.startWallet({ name: 'Silent wallet', accounts: [ed25519], execute: executor.execute });
    const silentAdapter = await page.loadAdapter();
    await connectByQrCode(silentAdapter, silent);
    silent.answerNext('no-answer');
    const outcome = await Promise.race([
      silentAdapter.signAndExecuteTransaction(ed25519.accountId, transfer(ed25519.accountId).bytes).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 1_000)),
    ]);
    expect(outcome).toBe('pending');
    expect(silent.requests.map(({ answer }) => answer)).toEqual(['no-answer']);
  });
});
