/**
 * The Lambda bundles carry only the parts of the Hedera SDK their handlers name
 * (infra/lib/ledger-sdk-tree-shaking.ts). These tests bundle each group's ledger code exactly as the
 * stack does and run the bundle: the PAWS settlement over gRPC-web to a local node, the allowance
 * transactions and the purchase check, compared with the full SDK.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  AccountId,
  Hbar,
  NftId,
  PrivateKey,
  TokenId,
  Transaction,
  TransactionId,
  TransferTransaction,
} from '@hiero-ledger/sdk';
import { type Metafile, build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, lambdaBuildOptions } from '../../infra/lib/bundling';
import { registersWithSdkCache } from '../../infra/lib/ledger-sdk-tree-shaking';
import type * as AllowanceModule from '../../src/features/allowances/allowance-transactions';
import type * as SdkWriterModule from '../../src/features/ledger/sdk-writer-adapter';
import type * as PurchaseModule from '../../src/features/hbar-market/purchase-transaction';
import type * as SettlementModule from '../../src/features/paws-market/ledger-settlement';
import { type FakeHederaNode, startFakeHederaNode } from '../support/fake-hedera-node';

const outDir = mkdtempSync(join(tmpdir(), 'wt-ledger-bundle-'));
const metafiles = new Map<string, Metafile>();

/**
 * Bundles tests/infra/fixtures/<name>.ts with the Lambda options, imports the bundle and loads its
 * ledger code through the fixture's import(), as the group's Lambda does on its first write.
 */
async function bundled<T>(name: string): Promise<T> {
  const outfile = join(outDir, `${name}.mjs`);
  const { metafile } = await build(lambdaBuildOptions(resolve(import.meta.dirname, 'fixtures', `${name}.ts`), outfile));
  metafiles.set(name, metafile!);
  const fixture = (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as { load(): Promise<T> };
  return fixture.load();
}

let paws: typeof SdkWriterModule & typeof SettlementModule;
let allowance: typeof AllowanceModule;
let market: typeof PurchaseModule;
let node: FakeHederaNode;
beforeAll(async () => {
  [paws, allowance, market, node] = await Promise.all([
    bundled<typeof SdkWriterModule & typeof SettlementModule>('paws-ledger'),
    bundled<typeof AllowanceModule>('allowance-ledger'),
    bundled<typeof PurchaseModule>('market-ledger'),
    startFakeHederaNode(),
  ]);
}, 120_000);
afterAll(async () => {
  await node.close();
  rmSync(outDir, { recursive: true, force: true });
});

const OPERATOR = '0.0.4812345';
const SELLER = '0.0.7001001';
const BUYER = '0.0.7001002';
const NFT = '0.0.7000333';
const PAWS = '0.0.9296439';
const operatorKey = PrivateKey.fromBytesED25519(new Uint8Array(32).fill(3));
const settlementInput = { nftTokenId: NFT, serial: 77, sellerId: SELLER, buyerId: BUYER, pawsTokenId: PAWS, amount: 2_500_000n };

describe('the paws bundle settles a PAWS sale on the ledger', () => {
  it('submits one approved transfer signed by the marketplace and reports SUCCESS from the receipt', async () => {
    node.script({});
    const writer = paws.createSdkLedgerWriter({ operatorAccountId: OPERATOR, operatorKey: operatorKey.toStringDer(), nodes: node.nodes });
    const prepared = await paws.createLedgerSettlement(writer).prepare(settlementInput);
    expect(await prepared.execute()).toEqual({ status: 'SUCCESS', transactionId: prepared.transactionId });
    writer.close();

    const sent = node.submitted.find((tx) => tx.transactionId === prepared.transactionId);
    expect(sent?.signedBy).toEqual([operatorKey.publicKey.toStringRaw()]);
    const transfer = sent?.body.cryptoTransfer;
    const [nftList, pawsList] = transfer?.tokenTransfers ?? [];
    expect(
      nftList?.nftTransfers?.map((leg) => ({
        serial: Number(leg.serialNumber),
        from: Number(leg.senderAccountID?.accountNum),
        to: Number(leg.receiverAccountID?.accountNum),
        approved: leg.isApproval,
      })),
    ).toEqual([{ serial: 77, from: 7001001, to: 7001002, approved: true }]);
    expect(pawsList?.transfers?.map((leg) => [Number(leg.accountID?.accountNum), Number(leg.amount), Boolean(leg.isApproval)]).sort()).toEqual([
      [7001001, 2_500_000, false],
      [7001002, -2_500_000, true],
    ]);
  });

  it('returns a receipt failure as a status, and a refused connection as LedgerUnavailableError', async () => {
    node.script({ receipt: 'INSUFFICIENT_TOKEN_BALANCE' });
    const writer = paws.createSdkLedgerWriter({ operatorAccountId: OPERATOR, operatorKey: operatorKey.toStringDer(), nodes: node.nodes });
    const rejected = await paws.createLedgerSettlement(writer).prepare(settlementInput);
    expect((await rejected.execute()).status).toBe('INSUFFICIENT_TOKEN_BALANCE');
    writer.close();

    const offline = await startFakeHederaNode();
    await offline.close();
    const unreachable = paws.createSdkLedgerWriter({
      operatorAccountId: OPERATOR,
      operatorKey: operatorKey.toStringDer(),
      nodes: offline.nodes,
    });
    const lost = await paws.createLedgerSettlement(unreachable).prepare(settlementInput);
    await expect(lost.execute()).rejects.toMatchObject({ name: 'LedgerUnavailableError', transactionId: lost.transactionId });
    unreachable.close();
  });

  it('leaves out the native gRPC client and the SDK modules the handler never names', () => {
    const inputs = Object.keys(Object.values(metafiles.get('paws-ledger')!.outputs)[0]!.inputs);
    expect(inputs.filter((path) => path.includes('@grpc/'))).toEqual([]);
    expect(inputs.some((path) => path.endsWith('sdk/lib/client/NodeClient.js'))).toBe(false);
    expect(inputs.some((path) => path.endsWith('sdk/lib/token/TokenCreateTransaction.js'))).toBe(false);
    expect(
      inputs.some((path) => path.endsWith('sdk/lib/PublicKey.js')),
      'PublicKey fills the SDK Cache, so it stays',
    ).toBe(true);
  });
});

describe('the allowance bundle builds the same transactions as the full SDK', () => {
  const freeze = { payerAccountId: SELLER, nodeAccountIds: ['0.0.3', '0.0.4'] };

  function decode({ transactionBytes }: { transactionBytes: string }) {
    const transaction = Transaction.fromBytes(Buffer.from(transactionBytes, 'base64'));
    expect(transaction.transactionId?.accountId?.toString()).toBe(SELLER);
    expect(transaction.nodeAccountIds?.map(String)).toEqual(['0.0.3', '0.0.4']);
    return transaction;
  }

  it('approves one serial to the marketplace', () => {
    const approve = decode(allowance.nftAllowanceApproveBytes({ owner: SELLER, tokenId: NFT, serials: [9], spender: OPERATOR }, freeze));
    expect(approve).toBeInstanceOf(AccountAllowanceApproveTransaction);
    const [nft] = (approve as AccountAllowanceApproveTransaction).tokenNftApprovals;
    expect({
      token: String(nft?.tokenId),
      owner: String(nft?.ownerAccountId),
      spender: String(nft?.spenderAccountId),
      serials: nft?.serialNumbers?.map(Number),
    }).toEqual({ token: NFT, owner: SELLER, spender: OPERATOR, serials: [9] });
  });

  it("approves a PAWS amount and deletes a serial's allowances", () => {
    const tokens = decode(allowance.tokenAllowanceApproveBytes({ owner: SELLER, tokenId: PAWS, amount: 12_345_678n, spender: OPERATOR }, freeze));
    const [approval] = (tokens as AccountAllowanceApproveTransaction).tokenApprovals;
    expect({
      token: String(approval?.tokenId),
      owner: String(approval?.ownerAccountId),
      spender: String(approval?.spenderAccountId),
      amount: String(approval?.amount),
    }).toEqual({ token: PAWS, owner: SELLER, spender: OPERATOR, amount: '12345678' });

    const removal = decode(allowance.nftAllowanceDeleteBytes({ owner: SELLER, tokenId: NFT, serials: [9] }, freeze));
    expect(removal).toBeInstanceOf(AccountAllowanceDeleteTransaction);
    const [deleted] = (removal as AccountAllowanceDeleteTransaction).tokenNftAllowanceDeletions;
    expect({ token: String(deleted?.tokenId), owner: String(deleted?.ownerAccountId), serials: deleted?.serialNumbers?.map(Number) }).toEqual({
      token: NFT,
      owner: SELLER,
      serials: [9],
    });
  });
});

describe('the market bundle checks purchases as the full SDK does', () => {
  const expected = { buyerId: BUYER, tokenId: NFT, serial: 12, priceTinybars: 1_000_000_000n };

  function frozenBytes(transaction: Transaction): string {
    transaction
      .setTransactionId(TransactionId.generate(AccountId.fromString(OPERATOR)))
      .setNodeAccountIds([AccountId.fromString('0.0.3')])
      .freeze();
    return Buffer.from(transaction.toBytes()).toString('base64');
  }
  const purchase = (pays: bigint) =>
    new TransferTransaction()
      .addHbarTransfer(BUYER, Hbar.fromTinybars((-pays).toString()))
      .addHbarTransfer(SELLER, Hbar.fromTinybars(pays.toString()))
      .addApprovedNftTransfer(new NftId(TokenId.fromString(NFT), 12), SELLER, BUYER);

  it('accepts the agreed purchase and reads its transaction id and seller', () => {
    const transaction = purchase(expected.priceTinybars);
    expect(market.checkPurchaseTransaction(frozenBytes(transaction), expected)).toMatchObject({
      ok: true,
      transactionId: transaction.transactionId?.toString(),
      sellerId: SELLER,
      hbar: { transfers: expect.arrayContaining([expect.objectContaining({ accountId: BUYER }), expect.objectContaining({ accountId: SELLER })]) },
    });
  });

  it('refuses an overcharge and anything that is not a transfer', () => {
    expect(market.checkPurchaseTransaction(frozenBytes(purchase(expected.priceTinybars + 1n)), expected)).toMatchObject({ ok: false });
    const notATransfer = new AccountAllowanceApproveTransaction().approveHbarAllowance(BUYER, SELLER, Hbar.fromTinybars(1));
    expect(market.checkPurchaseTransaction(frozenBytes(notATransfer), expected)).toMatchObject({ ok: false });
  });
});

describe('which SDK modules must stay (they fill the SDK Cache)', () => {
  const sdkLib = join(REPO_ROOT, 'node_modules/@hiero-ledger/sdk/lib');
  const sdkFile = (path: string) => readFileSync(join(sdkLib, path), 'utf8');

  it('keeps every module that calls one of the Cache setters, and lets transaction types go', () => {
    const setters = [...new Set(sdkFile('Cache.js').match(/\bset[A-Z]\w*(?=\()/g))];
    expect(setters).toEqual(expect.arrayContaining(['setPublicKeyED25519', 'setKeyList', 'setAccountIdConstructor']));
    const callers = readdirSync(sdkLib, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.js') && path !== 'Cache.js')
      .filter((path) => setters.some((setter) => sdkFile(path).includes(`.${setter}(`) && /Cache\.js"/.test(sdkFile(path))));
    expect(callers).toEqual(expect.arrayContaining(['PublicKey.js', 'PrivateKey.js', 'KeyList.js', 'account/AccountId.js']));
    for (const path of callers) expect(registersWithSdkCache(sdkFile(path)), path).toBe(true);
    for (const path of ['account/TransferTransaction.js', 'token/TokenCreateTransaction.js', 'client/NodeClient.js', 'Status.js'])
      expect(registersWithSdkCache(sdkFile(path)), path).toBe(false);
  });
});
