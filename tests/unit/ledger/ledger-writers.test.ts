import { AccountAllowanceApproveTransaction, NftId, PrivateKey, TokenId, Transaction, TransferTransaction } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHederaNode, startFakeHederaNode } from '../../support/fake-hedera-node';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import { executeAsOperator } from '@/features/ledger/ledger-writer';
import { createSandboxLedgerWriter } from '@/sandbox/ledger/sandbox-writer';
import { createSdkLedgerWriter, mapSubmitError } from '@/features/ledger/sdk-writer';
import { ALICE, BOB, OPERATOR, PAWS, TIGERS, frozen, key, newLedger, serialsOf, signed } from '../sandbox/sandbox-helpers';

const MAINNET_OPERATOR = '0.0.4812345';
const operatorKey = PrivateKey.fromBytesED25519(new Uint8Array(32).fill(7));

function settlement(serial: number) {
  return new TransferTransaction()
    .addApprovedNftTransfer(new NftId(TokenId.fromString(TIGERS), serial), ALICE, BOB)
    .addApprovedTokenTransfer(PAWS, BOB, -5_000_000n)
    .addTokenTransfer(PAWS, ALICE, 5_000_000n);
}

describe('SDK ledger writer, over gRPC-web to a local node', () => {
  let node: FakeHederaNode;
  let writer: ReturnType<typeof createSdkLedgerWriter>;
  beforeAll(async () => {
    node = await startFakeHederaNode();
    writer = createSdkLedgerWriter({ network: 'mainnet', operatorAccountId: MAINNET_OPERATOR, operatorKey: operatorKey.toStringDer(), nodes: node.nodes });
  });
  afterAll(async () => {
    writer.close();
    await node.close();
  });
  beforeEach(() => node.script({}));

  it('freezes for the operator, signs, submits once and reports the receipt', async () => {
    const tx = writer.freeze(settlement(42));
    expect(tx.transactionId?.accountId?.toString()).toBe(MAINNET_OPERATOR);
    expect(tx.nodeAccountIds?.map(String)).toEqual(['0.0.3']);
    const bytes = (await writer.signAsOperator(tx)).toBytes();
    const decoded = Transaction.fromBytes(bytes);
    expect(decoded).toBeInstanceOf(TransferTransaction);
    expect(operatorKey.publicKey.verifyTransaction(decoded)).toBe(true);

    const before = node.submitted.length;
    expect(await writer.execute(bytes)).toEqual({ status: 'SUCCESS', transactionId: tx.transactionId?.toString() });
    const [sent, ...more] = node.submitted.slice(before);
    expect(more).toEqual([]);
    expect(sent?.transactionId).toBe(tx.transactionId?.toString());
    expect(sent?.signedBy).toEqual([operatorKey.publicKey.toStringRaw()]);
    const nftLeg = sent?.body.cryptoTransfer?.tokenTransfers?.[0]?.nftTransfers?.[0];
    expect(nftLeg && { serial: Number(nftLeg.serialNumber), isApproval: nftLeg.isApproval }).toEqual({ serial: 42, isApproval: true });
  });

  it('lets another account pay (a user-signed purchase) and keeps the operator out of it', () => {
    expect(writer.freeze(settlement(1), BOB).transactionId?.accountId?.toString()).toBe(BOB);
  });

  it('returns precheck and receipt rejections as statuses', async () => {
    for (const [script, status] of [
      [{ precheck: 'INSUFFICIENT_PAYER_BALANCE' }, 'INSUFFICIENT_PAYER_BALANCE'],
      [{ receipt: 'SPENDER_DOES_NOT_HAVE_ALLOWANCE' }, 'SPENDER_DOES_NOT_HAVE_ALLOWANCE'],
    ] as const) {
      node.script(script);
      const tx = await writer.signAsOperator(writer.freeze(settlement(1)));
      expect(await writer.execute(tx.toBytes())).toEqual({ status, transactionId: tx.transactionId?.toString() });
    }
  });

  it('treats DUPLICATE_TRANSACTION (a retry after a node may have taken it) as an unknown outcome, not a refusal', async () => {
    node.script({ precheck: 'DUPLICATE_TRANSACTION' });
    const tx = await writer.signAsOperator(writer.freeze(settlement(1)));
    await expect(writer.execute(tx.toBytes())).rejects.toMatchObject({ name: 'LedgerUnavailableError', transactionId: tx.transactionId?.toString() });
  });

  it("passes the node's INVALID_SIGNATURE back when a signature does not match the body", async () => {
    const forged = Buffer.from((await writer.signAsOperator(writer.freeze(settlement(1)))).toBytes());
    forged[forged.length - 1]! ^= 1; // the last byte belongs to the operator's signature
    expect((await writer.execute(forged)).status).toBe('INVALID_SIGNATURE');
  });

  it('gives up after submitTimeoutMs when a node accepts the request and never answers (the outcome is then unknown)', async () => {
    const hanging = await startFakeHederaNode();
    hanging.script({ hang: true });
    const impatient = createSdkLedgerWriter({
      network: 'mainnet',
      operatorAccountId: MAINNET_OPERATOR,
      operatorKey,
      nodes: hanging.nodes,
      submitTimeoutMs: 300,
    });
    const tx = await impatient.signAsOperator(impatient.freeze(settlement(1)));
    const started = Date.now();
    await expect(impatient.execute(tx.toBytes())).rejects.toMatchObject({ name: 'LedgerUnavailableError', transactionId: tx.transactionId?.toString() });
    expect(Date.now() - started).toBeLessThan(5_000);
    impatient.close();
    await hanging.close();
  });

  it('throws LedgerUnavailableError, naming the transaction, when the network does not answer', async () => {
    const closed = await startFakeHederaNode();
    await closed.close();
    const offline = createSdkLedgerWriter({ network: 'mainnet', operatorAccountId: MAINNET_OPERATOR, operatorKey, nodes: closed.nodes });
    const tx = await offline.signAsOperator(offline.freeze(settlement(1)));
    const error = await offline.execute(tx.toBytes()).catch((e: unknown) => e);
    offline.close();
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect(error).toMatchObject({ transactionId: tx.transactionId?.toString() });
    expect(() => mapSubmitError(new TypeError('boom'), '')).toThrow(LedgerUnavailableError);
    expect(await writer.execute(new Uint8Array([9, 9, 9]))).toEqual({ status: 'INVALID_TRANSACTION_BODY', transactionId: '' });
  }, 60_000);
});

describe('sandbox ledger writer', () => {
  it('executes user-signed bytes and operator settlements on the sandbox ledger', async () => {
    const ledger = newLedger();
    const writer = createSandboxLedgerWriter({ ledger });
    expect(writer.operatorAccountId).toBe(OPERATOR);
    const serial = serialsOf(await ledger.read(), ALICE)[0] ?? 0;

    const approveNft = frozen(
      new AccountAllowanceApproveTransaction().approveTokenNftAllowance(new NftId(TokenId.fromString(TIGERS), serial), ALICE, OPERATOR),
      ALICE,
    );
    expect((await writer.execute(await signed(approveNft, 'alice'))).status).toBe('SUCCESS');
    const approvePaws = writer.freeze(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 5_000_000n), BOB);
    expect(approvePaws.nodeAccountIds?.map(String)).toEqual(['0.0.3']);
    expect((await writer.execute((await approvePaws.sign(key('bob'))).toBytes())).status).toBe('SUCCESS');

    const result = await executeAsOperator(writer, settlement(serial));
    expect(result.status).toBe('SUCCESS');
    expect(result.transactionId.startsWith(`${OPERATOR}@`)).toBe(true);
    expect(serialsOf(await ledger.read(), BOB)).toContain(serial);
  });
});
