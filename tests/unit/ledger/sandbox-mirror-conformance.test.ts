/**
 * The sandbox mirror node against the official OpenAPI, for the situations the mirror reader parses
 * (mirror-conformance.test.ts reads the official spec fixtures of the same situations): each answer
 * validates against the official schema, with every object closed, and the reader reads the sandbox
 * the way it reads the official answers.
 *
 * A deleted NFT: the sandbox burns a serial (moved to the treasury first, burned with the supply
 * key). Its answers are checked against the official shapes: the spec fixture nft-null-account
 * (tokens/{id}/nfts/{id}/null-account-id.json: deleted, no account, no spenders, which is what the
 * mirror node's importer writes for a burn: hiero-mirror-node TokenBurnTransactionHandler and the
 * upsert of AbstractNft.accountId, "case when deleted = true then null") and token-nfts-with-deleted
 * (a deleted serial stays in the token's list).
 */
import { readFileSync } from 'node:fs';
import { AccountAllowanceApproveTransaction, NftId, TokenBurnTransaction, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { parseMirrorJson } from '@/features/ledger/mirror-json';
import { toMirrorTransactionId } from '@/features/ledger/transaction-id';
import { handleMirrorRequest } from '@/sandbox/ledger/mirror-api';
import type { SandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { ALICE, BOB, CAROL, DAVE, OPERATOR, PAWS, PAWS_UNIT, TIGERS, frozen, key, net, newLedger, serialsOf, signed } from '../sandbox/sandbox-helpers';
import { responseValidator } from './openapi';

let ledger: SandboxLedger;
let saleId = '';
let rejectedId = '';
let soldSerial = 0;
let burnedSerial = 0;
let burnId = '';
let burnTimestamp = '';
const TREASURY = net.treasuryAccountId;

beforeAll(async () => {
  ledger = newLedger();
  [soldSerial] = serialsOf(await ledger.read(), ALICE) as [number];
  const nft = new NftId(TokenId.fromString(TIGERS), soldSerial);
  await ledger.execute(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft, ALICE, OPERATOR), ALICE), 'alice'));
  await ledger.execute(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 100n * PAWS_UNIT), BOB), 'bob'));
  const sale = new TransferTransaction()
    .addApprovedNftTransfer(nft, ALICE, BOB)
    .addApprovedTokenTransfer(PAWS, BOB, -40n * PAWS_UNIT)
    .addTokenTransfer(PAWS, ALICE, 40n * PAWS_UNIT);
  saleId = (await ledger.execute(await signed(frozen(sale, OPERATOR), 'operator'))).transactionId;
  const tooMuch = new TransferTransaction().addTokenTransfer(PAWS, DAVE, -1n).addTokenTransfer(PAWS, ALICE, 1n);
  rejectedId = (await ledger.execute(await signed(frozen(tooMuch, DAVE), 'dave'))).transactionId;
  // A burned serial: only one the treasury holds can be burned, with the collection's supply key.
  burnedSerial = serialsOf(await ledger.read(), ALICE).find((serial) => serial !== soldSerial) ?? 0;
  const back = new TransferTransaction().addNftTransfer(new NftId(TokenId.fromString(TIGERS), burnedSerial), ALICE, TREASURY);
  expect((await ledger.execute(await signed(frozen(back, ALICE), 'alice'))).status).toBe('SUCCESS');
  const burn = new TokenBurnTransaction().setTokenId(TIGERS).setSerials([burnedSerial]);
  const burned = await ledger.execute(await signed(frozen(burn, TREASURY), 'treasury', 'supply'));
  expect(burned.status).toBe('SUCCESS');
  burnId = burned.transactionId;
  burnTimestamp = burned.consensusTimestamp ?? '';
});

/** An official spec fixture's response (tests/fixtures/mirror-specs; no int64 beyond 2^53 in the cases read here). */
function official(file: string, name: string): Record<string, any> {
  const cases = JSON.parse(readFileSync(new URL(`../../fixtures/mirror-specs/${file}`, import.meta.url), 'utf8')) as { name: string; responseJson: unknown }[];
  const found = cases.find((c) => c.name === name);
  if (!found) throw new Error(`no case ${name} in ${file}`);
  return found.responseJson as Record<string, any>;
}

/**
 * The OpenAPI (v0.136) does not mark a node's `grpc_proxy_endpoint` nullable, yet the mirror node
 * answers null for a node that publishes no proxy (official spec fixture nodes-null-grpc-proxy, and
 * the SDK's address book query handles it). Such a node is checked as null, the rest of the answer
 * against the schema.
 */
function withoutNullProxies(body: Record<string, any>): Record<string, any> {
  if (!Array.isArray(body.nodes)) return body;
  return {
    ...body,
    nodes: body.nodes.map((node: Record<string, unknown>) =>
      node.grpc_proxy_endpoint === null ? { ...node, grpc_proxy_endpoint: { domain_name: '', ip_address_v4: '', port: 0 } } : node,
    ),
  };
}

async function get(pathAndQuery: string) {
  const url = new URL(pathAndQuery, 'http://sandbox.test');
  const response = await handleMirrorRequest(ledger, url.pathname, url.searchParams);
  return { status: response.status, body: parseMirrorJson(response.body) as Record<string, any> };
}

/** Every page of a paged answer, following links.next, each validated. */
async function pages(first: string, template: string): Promise<Record<string, any>[]> {
  const validate = responseValidator(template, 200);
  const all: Record<string, any>[] = [];
  for (let next: string | null = first; next; ) {
    const page = await get(next);
    expect(page.status, next).toBe(200);
    expect(validate(page.body), next).toEqual([]);
    all.push(page.body);
    next = page.body.links.next;
  }
  return all;
}

/** A generated holder that never associated PAWS. */
async function unassociated(): Promise<string> {
  const account = [...(await ledger.read()).state.accounts.values()].find((a) => !a.tokens.has(PAWS));
  if (!account) throw new Error('every sandbox account holds PAWS');
  return account.id;
}

const reader = () =>
  createMirrorLedgerReader({
    baseUrl: 'http://sandbox.test/sandbox/mirror',
    fetch: async (input) => {
      const url = new URL(input);
      const response = await handleMirrorRequest(ledger, url.pathname.replace(/^\/sandbox\/mirror/, ''), url.searchParams);
      return new Response(response.body, { status: response.status, headers: { 'content-type': response.contentType } });
    },
  });

describe('the sandbox mirror answers in the official shapes, for what the reader parses', () => {
  it.each([
    ['an account with an ED25519 key', `/api/v1/accounts/${ALICE}?transactions=false`, '/api/v1/accounts/{idOrAliasOrEvmAddress}', 200],
    ['an unknown account', '/api/v1/accounts/0.0.424242?transactions=false', '/api/v1/accounts/{idOrAliasOrEvmAddress}', 404],
    ['a token relationship', `/api/v1/accounts/${ALICE}/tokens?token.id=${PAWS}`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200],
    ['PAWS (fungible, infinite supply)', `/api/v1/tokens/${PAWS}`, '/api/v1/tokens/{tokenId}', 200],
    ['the collection (NFT, finite supply)', `/api/v1/tokens/${TIGERS}`, '/api/v1/tokens/{tokenId}', 200],
    ['an NFT with a spender', `/api/v1/tokens/${TIGERS}/nfts/1`, '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 200],
    ['a serial never minted', `/api/v1/tokens/${TIGERS}/nfts/3333`, '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 404],
    [
      'a token allowance',
      `/api/v1/accounts/${BOB}/allowances/tokens?spender.id=${OPERATOR}&token.id=${PAWS}`,
      '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens',
      200,
    ],
    [
      'no token allowance',
      `/api/v1/accounts/${CAROL}/allowances/tokens?spender.id=${OPERATOR}&token.id=${PAWS}`,
      '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens',
      200,
    ],
    ['approve-for-all grants', `/api/v1/accounts/${CAROL}/allowances/nfts?token.id=${TIGERS}`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', 200],
    ['the network nodes', '/api/v1/network/nodes?limit=25', '/api/v1/network/nodes', 200],
    ['the network nodes after the last one', '/api/v1/network/nodes?limit=1&node.id=gt:0', '/api/v1/network/nodes', 200],
    ['a malformed node filter', '/api/v1/network/nodes?node.id=abc', '/api/v1/network/nodes', 400],
    ['the exchange rate', '/api/v1/network/exchangerate', '/api/v1/network/exchangerate', 200],
    ['an unknown transaction', '/api/v1/transactions/0.0.5-1700000000-000000001', '/api/v1/transactions/{transactionId}', 404],
  ])('%s', async (_situation, path, template, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(responseValidator(template, status)(withoutNullProxies(response.body))).toEqual([]);
  });

  it('an account not associated with PAWS: an empty token list', async () => {
    const response = await get(`/api/v1/accounts/${await unassociated()}/tokens?token.id=${PAWS}`);
    expect(response.status).toBe(200);
    expect(response.body.tokens).toEqual([]);
    expect(responseValidator('/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200)(response.body)).toEqual([]);
  });

  it('a settled and a rejected transaction, with the nonce and scheduled filters the reader sends', async () => {
    for (const id of [saleId, rejectedId]) {
      for (const query of ['', '?nonce=0&scheduled=false']) {
        const response = await get(`/api/v1/transactions/${toMirrorTransactionId(id)}${query}`);
        expect(response.status).toBe(200);
        expect(responseValidator('/api/v1/transactions/{transactionId}', 200)(response.body)).toEqual([]);
      }
    }
  });

  it('pages the collection’s NFTs and an account’s NFTs with valid links.next', async () => {
    const collection = await pages(`/api/v1/tokens/${TIGERS}/nfts?limit=100`, '/api/v1/tokens/{tokenId}/nfts');
    expect(collection).toHaveLength(34);
    const owned = await pages(`/api/v1/accounts/${ALICE}/nfts?token.id=${TIGERS}&limit=7`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts');
    expect(owned.flatMap((page) => page.nfts.map((n: { serial_number: number }) => n.serial_number)).sort((a, b) => a - b)).toEqual(
      serialsOf(await ledger.read(), ALICE),
    );
  });

  it('reports PAWS as mainnet does: supply_type INFINITE and max_supply "0"', async () => {
    expect((await get(`/api/v1/tokens/${PAWS}`)).body).toMatchObject({ supply_type: 'INFINITE', max_supply: '0', type: 'FUNGIBLE_COMMON' });
    expect((await get(`/api/v1/tokens/${TIGERS}`)).body).toMatchObject({ supply_type: 'FINITE', max_supply: '3333', type: 'NON_FUNGIBLE_UNIQUE' });
  });
});

describe('a burned NFT, as the mirror node shows a deleted one', () => {
  const nftTemplate = '/api/v1/tokens/{tokenId}/nfts/{serialNumber}';

  it('GET /tokens/{id}/nfts/{serial}: deleted, no account, no spenders, in the official shape (nft-null-account)', async () => {
    const response = await get(`/api/v1/tokens/${TIGERS}/nfts/${burnedSerial}`);
    expect(response.status).toBe(200);
    expect(responseValidator(nftTemplate, 200)(response.body)).toEqual([]);
    const reference = official('nft.json', 'nft-null-account');
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(reference).sort());
    const { account_id, deleted, spender, delegating_spender } = reference;
    expect(response.body).toMatchObject({ account_id, deleted, spender, delegating_spender });
    expect(response.body).toMatchObject({ token_id: TIGERS, serial_number: burnedSerial, modified_timestamp: burnTimestamp });
  });

  it('GET /tokens/{id}/nfts lists it with deleted true (token-nfts-with-deleted), but not under an account filter', async () => {
    const response = await get(`/api/v1/tokens/${TIGERS}/nfts?serialnumber=${burnedSerial}`);
    expect(response.status).toBe(200);
    expect(responseValidator('/api/v1/tokens/{tokenId}/nfts', 200)(response.body)).toEqual([]);
    const reference = official('token-nfts.json', 'token-nfts-with-deleted').nfts.find((n: { deleted: boolean }) => n.deleted);
    expect(response.body.nfts).toHaveLength(1);
    expect(Object.keys(response.body.nfts[0]).sort()).toEqual(Object.keys(reference).sort());
    expect(response.body.nfts[0]).toMatchObject({ serial_number: burnedSerial, deleted: true, account_id: null, spender: null });
    for (const account of [TREASURY, ALICE]) {
      const filtered = await get(`/api/v1/tokens/${TIGERS}/nfts?account.id=${account}&serialnumber=${burnedSerial}`);
      expect(filtered.body.nfts).toEqual([]);
    }
    const all = await pages(`/api/v1/tokens/${TIGERS}/nfts?limit=100`, '/api/v1/tokens/{tokenId}/nfts');
    expect(all.flatMap((page) => page.nfts).filter((n: { deleted: boolean }) => n.deleted)).toHaveLength(1);
  });

  it('GET /accounts/{id}/nfts leaves it out: the treasury no longer holds it, nor does anyone', async () => {
    for (const account of [TREASURY, ALICE]) {
      const [page] = await pages(`/api/v1/accounts/${account}/nfts?token.id=${TIGERS}&limit=100`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts');
      expect(page?.nfts.map((n: { serial_number: number }) => n.serial_number)).not.toContain(burnedSerial);
    }
  });

  it('the token’s supply and supply key, and the treasury’s balance', async () => {
    const token = await get(`/api/v1/tokens/${TIGERS}`);
    expect(responseValidator('/api/v1/tokens/{tokenId}', 200)(token.body)).toEqual([]);
    expect(token.body).toMatchObject({ total_supply: '3327', supply_key: { _type: 'ED25519', key: key('supply').publicKey.toStringRaw() } });
    const mainnet = JSON.parse(readFileSync(new URL('../../fixtures/mirror/token-info-nft.json', import.meta.url), 'utf8')) as Record<string, any>;
    expect(Object.keys(token.body.supply_key)).toEqual(Object.keys(mainnet.supply_key));
    const relation = await get(`/api/v1/accounts/${TREASURY}/tokens?token.id=${TIGERS}`);
    expect(responseValidator('/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200)(relation.body)).toEqual([]);
    expect(relation.body.tokens).toEqual([expect.objectContaining({ token_id: TIGERS, balance: 0 })]);
  });

  it('GET /transactions/{id}: a TOKENBURN of the token, its serial sent by the treasury to no one', async () => {
    // No official spec fixture here holds a burn. Its shape is the mirror node importer's:
    // TokenBurnTransactionHandler.getEntity (entity_id = the token) and
    // EntityRecordItemListener.insertNonFungibleTokenTransfers (the record's transfer from the
    // treasury to 0.0.0: receiver null), as spec tokens/{id}/nfts/{id}/transactions/no-params.json
    // shows for a TOKENWIPE; an NFT burn moves no fungible amount.
    const response = await get(`/api/v1/transactions/${toMirrorTransactionId(burnId)}?nonce=0&scheduled=false`);
    expect(response.status).toBe(200);
    expect(responseValidator('/api/v1/transactions/{transactionId}', 200)(response.body)).toEqual([]);
    expect(response.body.transactions).toEqual([
      expect.objectContaining({
        name: 'TOKENBURN',
        result: 'SUCCESS',
        entity_id: TIGERS,
        consensus_timestamp: burnTimestamp,
        token_transfers: [],
        transfers: [],
        nft_transfers: [{ is_approval: false, receiver_account_id: null, sender_account_id: TREASURY, serial_number: burnedSerial, token_id: TIGERS }],
      }),
    ]);
  });

  it('the reader reads it as it reads the official deleted NFT: no owner, deleted, left out of the owners', async () => {
    const officialReader = createMirrorLedgerReader({
      baseUrl: 'https://mirror.example',
      fetch: async () =>
        new Response(JSON.stringify(official('nft.json', 'nft-null-account')), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    const expected = await officialReader.getNft('0.0.1500', 2);
    const client = reader();
    const read = await client.getNft(TIGERS, burnedSerial);
    expect(read).toEqual({ ...expected, tokenId: TIGERS, serial: burnedSerial, metadata: read?.metadata });
    expect(read).toMatchObject({ owner: null, spender: null, delegatingSpender: null, deleted: true });

    const owners = await client.getAllNftOwners(TIGERS, { expectedSerials: net.nftMaxSupply });
    expect(owners.has(burnedSerial)).toBe(false);
    expect(owners.size).toBe(3327);
    const all = await client.getAllNfts(TIGERS, { expectedSerials: net.nftMaxSupply });
    expect(all).toHaveLength(3328);
    expect(all.filter((nft) => nft.deleted)).toEqual([read]);
    expect(await client.getTransaction(burnId)).toMatchObject({
      name: 'TOKENBURN',
      result: 'SUCCESS',
      nftTransfers: [{ tokenId: TIGERS, serial: burnedSerial, sender: TREASURY, receiver: null, isApproval: false }],
    });
  });
});

describe('the reader reads the sandbox as it reads the official answers', () => {
  it('accounts and their ED25519 keys, token balances, tokens with their supply caps', async () => {
    const client = reader();
    expect((await client.getAccount(ALICE)).key).toEqual({ type: 'ED25519', hex: key('alice').publicKey.toStringRaw() });
    await expect(client.getAccount('0.0.424242')).rejects.toMatchObject({ name: 'LedgerNotFoundError' });
    expect(await client.getTokenBalance(await unassociated(), PAWS)).toEqual({ associated: false, balance: 0n, decimals: null });
    expect(await client.getTokenInfo(PAWS)).toMatchObject({ type: 'FUNGIBLE_COMMON', maxSupply: 0n, decimals: net.pawsDecimals });
    expect(await client.getTokenInfo(TIGERS)).toMatchObject({ type: 'NON_FUNGIBLE_UNIQUE', maxSupply: 3333n, totalSupply: 3327n });
  });

  it('NFTs, owners across pages, allowances and transactions', async () => {
    const client = reader();
    expect(await client.getNft(TIGERS, soldSerial)).toMatchObject({ owner: BOB, spender: null, deleted: false });
    expect(await client.getNft(TIGERS, 3333)).toBeNull();
    expect((await client.getAllNftOwners(TIGERS)).size).toBe(3327);
    expect(await client.getTokenAllowance(BOB, PAWS, OPERATOR)).toBe(60n * PAWS_UNIT);
    expect(await client.getTransaction(saleId)).toMatchObject({ result: 'SUCCESS', nonce: 0, scheduled: false });
    expect(await client.getTransaction(rejectedId, { nonce: 0, scheduled: false })).toMatchObject({ result: 'INSUFFICIENT_TOKEN_BALANCE' });
  });

  it('the address book: one consensus node, which publishes no gRPC-web proxy', async () => {
    expect(await reader().getNetworkNodes()).toEqual([
      {
        nodeId: 0,
        nodeAccountId: net.nodeAccountId,
        serviceEndpoints: [{ domainName: '', ipAddressV4: '127.0.0.1', port: 50211 }],
        grpcProxyEndpoint: null,
      },
    ]);
  });
});
