import { connectByQrCode, openPage, type TestPage } from '../../support/walletconnect/harness';
import { addExtension, closeModal, scanQrCode } from '../../support/walletconnect/node-page';
import type { NodeWallet } from '../../support/walletconnect/node-wallet';
import { PrivateKey } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountKey } from '../../../src/features/ledger/ledger-reader-port';
import { SignatureRejectedError } from '../../../src/features/auth/errors';
import { buildChallengeMessage } from '../../../src/features/auth/sign-in-message';
import { verifySignedMessage } from '../../../src/features/auth/signature';
import { toWalletError } from '../../../src/features/wallet/wallet-errors';

const ed25519 = { accountId: '0.0.1001', privateKey: PrivateKey.generateED25519() };
const ecdsa = { accountId: '0.0.1002', privateKey: PrivateKey.generateECDSA() };
const noLedger = () => Promise.reject(new Error('no transactions in this file'));

const keyOf = (account: typeof ed25519, type: AccountKey['type']): AccountKey => ({ type, hex: account.privateKey.publicKey.toStringRaw() });
const challenge = (accountId: string) => buildChallengeMessage({ accountId, nonce: 'nonce-0123456789abcdef', expiresAt: Date.now() + 60_000 });

// The extension must be in the page before the adapter's connector asks for extensions.
let extensionWallet: NodeWallet | undefined;
const extension = addExtension(
  { id: 'test-extension', name: 'Test Extension Wallet', icon: 'data:image/svg+xml,<svg/>' },
  (uri) => void extensionWallet?.pair(uri),
);

let page: TestPage;
beforeAll(async () => {
  page = await openPage();
});
afterAll(() => page.close());

describe('sign-in through the real DAppConnector, relay and library wallet', () => {
  it('pairs from the QR code and returns a signatureMap the server verifies, for ED25519 and ECDSA accounts', async () => {
    const wallet = await page.startWallet({ accounts: [ed25519, ecdsa], execute: noLedger });
    const adapter = await page.loadAdapter();
    await connectByQrCode(adapter, wallet);
    expect(adapter.accountId()).toBe(ed25519.accountId);

    const edMessage = challenge(ed25519.accountId);
    const edSignature = await adapter.signMessage(ed25519.accountId, edMessage);
    expect(() => verifySignedMessage(edMessage, edSignature, keyOf(ed25519, 'ED25519'))).not.toThrow();
    expect(() => verifySignedMessage(edMessage, edSignature, keyOf(ecdsa, 'ECDSA_SECP256K1'))).toThrow(SignatureRejectedError);

    const ecMessage = challenge(ecdsa.accountId);
    const ecSignature = await adapter.signMessage(ecdsa.accountId, ecMessage);
    expect(() => verifySignedMessage(ecMessage, ecSignature, keyOf(ecdsa, 'ECDSA_SECP256K1'))).not.toThrow();
    expect(() => verifySignedMessage(edMessage, ecSignature, keyOf(ecdsa, 'ECDSA_SECP256K1'))).toThrow(SignatureRejectedError);

    expect(wallet.requests.map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'hedera_signMessage', params: { signerAccountId: `hedera:mainnet:${ed25519.accountId}`, message: edMessage } },
      { method: 'hedera_signMessage', params: { signerAccountId: `hedera:mainnet:${ecdsa.accountId}`, message: ecMessage } },
    ]);
    await adapter.disconnect();
    expect(adapter.accountId()).toBeNull();
  });

  it('uses the session just paired, not an older one', async () => {
    const adapter = await page.loadAdapter();
    const first = await page.startWallet({ name: 'First wallet', accounts: [ed25519], execute: noLedger });
    const second = await page.startWallet({ name: 'Second wallet', accounts: [ecdsa], execute: noLedger });
    const third = await page.startWallet({ name: 'Third wallet', accounts: [ed25519], execute: noLedger });
    await connectByQrCode(adapter, first);
    await connectByQrCode(adapter, second);
    expect(adapter.accountId()).toBe(ecdsa.accountId);
    await connectByQrCode(adapter, third);
    expect(adapter.accountId()).toBe(ed25519.accountId);

    await adapter.signMessage(ed25519.accountId, challenge(ed25519.accountId));
    expect(third.requests).toHaveLength(1);
    expect(first.requests).toHaveLength(0);
    await adapter.disconnect();
  });

  it('pairs with a detected wallet extension, without a QR code', async () => {
    const adapter = await page.loadAdapter();
    await expect
      .poll(() => adapter.extensions?.(), { timeout: 3_000 })
      .toEqual([{ id: 'test-extension', name: 'Test Extension Wallet', icon: 'data:image/svg+xml,<svg/>' }]);
    extensionWallet = await page.startWallet({ name: 'Extension wallet', accounts: [ecdsa], execute: noLedger });
    await adapter.connect('test-extension');
    expect(adapter.accountId()).toBe(ecdsa.accountId);

    const message = challenge(ecdsa.accountId);
    const signature = await adapter.signMessage(ecdsa.accountId, message);
    expect(() => verifySignedMessage(message, signature, keyOf(ecdsa, 'ECDSA_SECP256K1'))).not.toThrow();
    // Each request on an extension session brings the extension's window up.
    expect(extension.opened()).toBe(1);
    await adapter.disconnect();
  });

  it('rejects the connection when the user closes the QR modal', async () => {
    const adapter = await page.loadAdapter();
    const connecting = adapter.connect();
    await scanQrCode();
    closeModal();
    const failure = await connecting.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(toWalletError(failure, 'connect').message).toBe('Failed to connect wallet');
  });
});
