import {
  AccountAllowanceApproveTransaction,
  NftId,
  PrecheckStatusError,
  PrivateKey,
  ReceiptStatusError,
  Status,
  TokenId,
  Transaction,
  TransactionReceipt,
  TransferTransaction,
  AccountId,
} from '@hiero-ledger/sdk';
import { describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import { executeAsOperator } from '@/features/ledger/ledger-writer';
import { createSandboxLedgerWriter } from '@/features/ledger/sandbox/sandbox-writer';
import { createSdkLedgerWriter, mapSubmitError, type SubmitTransaction } from '@/features/ledger/sdk-writer';
import { ALICE, BOB, OPERATOR, PAWS, TIGERS, frozen, key, newLedger, serialsOf, signed } from './sandbox-helpers';

const MAINNET_OPERATOR = '0.0.4812345';
const operatorKey = PrivateKey.fromBytesED25519(new Uint8Array(32).fill(7));

function settlement(serial: number) {
  return new TransferTransaction()
    .addApprovedNftTransfer(new NftId(TokenId.fromString(TIGERS), serial), ALICE, BOB)
    .addApprovedTokenTransfer(PAWS, BOB, -5_000_000n)
    .addTokenTransfer(PAWS, ALICE, 5_000_000n);
}

function sdkWriter(submit: SubmitTransaction) {
  return createSdkLedgerWriter({ network: 'mainnet', operatorAccountId: MAINNET_OPERATOR, operatorKey: operatorKey.toStringDer(), submit });
}

describe('SDK ledger writer (offline)', () => {
  it('freezes for the operator, signs, and the bytes round-trip with legs and signature intact', async () => {
    let submitted: Transaction | undefined;
    const writer = sdkWriter(async (tx) => {
      submitted = tx;
      return 'SUCCESS';
    });
    const tx = writer.freeze(settlement(42));
    expect(tx.transactionId?.accountId?.toString()).toBe(MAINNET_OPERATOR);
    expect((tx.nodeAccountIds ?? []).length).toBeGreaterThan(0);
    const bytes = (await writer.signAsOperator(tx)).toBytes();

    const decoded = Transaction.fromBytes(bytes);
    expect(decoded).toBeInstanceOf(TransferTransaction);
    expect(decoded.transactionId?.toString()).toBe(tx.transactionId?.toString());
    expect(operatorKey.publicKey.verifyTransaction(decoded)).toBe(true);
    const nftLeg = (decoded as TransferTransaction).nftTransfers.get(TIGERS)?.[0];
    expect(nftLeg && { sender: nftLeg.sender.toString(), recipient: nftLeg.recipient.toString(), serial: nftLeg.serial.toNumber(), isApproved: nftLeg.isApproved })
      .toEqual({ sender: ALICE, recipient: BOB, serial: 42, isApproved: true });

    expect(await writer.execute(bytes)).toEqual({ status: 'SUCCESS', transactionId: tx.transactionId?.toString() });
    expect(submitted?.transactionId?.toString()).toBe(tx.transactionId?.toString());
    writer.close();
  });

  it('lets another account pay (a user-signed purchase) and keeps the operator out of it', () => {
    const writer = sdkWriter(async () => 'SUCCESS');
    expect(writer.freeze(settlement(1), BOB).transactionId?.accountId?.toString()).toBe(BOB);
    writer.close();
  });

  it('returns precheck and receipt rejections as statuses', async () => {
    const idWriter = sdkWriter(async () => 'SUCCESS');
    const transactionId = idWriter.freeze(settlement(1)).transactionId;
    idWriter.close();
    if (!transactionId) throw new Error('no transaction id');
    const precheck = new PrecheckStatusError({ status: Status.InsufficientPayerBalance, transactionId, nodeId: AccountId.fromString('0.0.3'), contractFunctionResult: null });
    const receipt = new ReceiptStatusError({
      status: Status.SpenderDoesNotHaveAllowance,
      transactionId,
      transactionReceipt: TransactionReceipt._fromProtobuf({ receipt: { status: Status.SpenderDoesNotHaveAllowance._code } }),
    });
    for (const [error, status] of [[precheck, 'INSUFFICIENT_PAYER_BALANCE'], [receipt, 'SPENDER_DOES_NOT_HAVE_ALLOWANCE']] as const) {
      const writer = sdkWriter(async () => {
        throw error;
      });
      const tx = await writer.signAsOperator(writer.freeze(settlement(1)));
      expect(await writer.execute(tx.toBytes())).toEqual({ status, transactionId: transactionId.toString() });
      writer.close();
    }
  });

  it('throws LedgerUnavailableError, naming the transaction, when the network does not answer', async () => {
    const writer = sdkWriter(async () => {
      throw new Error('14 UNAVAILABLE: No connection established');
    });
    const tx = await writer.signAsOperator(writer.freeze(settlement(1)));
    const error = await writer.execute(tx.toBytes()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect(error).toMatchObject({ transactionId: tx.transactionId?.toString() });
    expect(() => mapSubmitError(new TypeError('boom'), '')).toThrow(LedgerUnavailableError);
    expect(await writer.execute(new Uint8Array([9, 9, 9]))).toEqual({ status: 'INVALID_TRANSACTION_BODY', transactionId: '' });
    writer.close();
  });
});

describe('sandbox ledger writer', () => {
  it('executes user-signed bytes and operator settlements on the sandbox ledger', async () => {
    const ledger = newLedger();
    const writer = createSandboxLedgerWriter({ ledger });
    expect(writer.operatorAccountId).toBe(OPERATOR);
    const serial = serialsOf(await ledger.read(), ALICE)[0] ?? 0;

    const approveNft = frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(new NftId(TokenId.fromString(TIGERS), serial), ALICE, OPERATOR), ALICE);
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
