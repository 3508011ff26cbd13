import { AccountAllowanceApproveTransaction, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { parseMirrorJson } from '@/features/ledger/mirror-json';
import { handleMirrorRequest } from '@/sandbox/ledger/mirror-api';
import type { SandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { toMirrorTransactionId } from '@/features/ledger/transaction-id';
import { responseValidator } from '../ledger/openapi';
import { ALICE, BOB, CAROL, COLLECTOR, OPERATOR, PAWS, PAWS_UNIT, TIGERS, frozen, key, net, newLedger, serialsOf, signed } from './sandbox-helpers';

const nft = (serial: number) => new NftId(TokenId.fromString(TIGERS), serial);

let ledger: SandboxLedger;
let soldSerial = 0;
let saleId = '';
let rejectedId = '';

beforeAll(async () => {
  ledger = newLedger();
  [soldSerial] = serialsOf(await ledger.read(), ALICE) as [number];
  const run = async (bytes: Uint8Array) => ledger.execute(bytes);
  await run(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(soldSerial), ALICE, OPERATOR), ALICE), 'alice'));
  await run(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 1_000n * PAWS_UNIT), BOB), 'bob'));
  await run(
    await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowanceAllSerials(TIGERS, CAROL, net.marketAccountId), CAROL), 'carol'),
  );
  const sale = new TransferTransaction()
    .addApprovedNftTransfer(nft(soldSerial), ALICE, BOB)
    .addApprovedTokenTransfer(PAWS, BOB, -250n * PAWS_UNIT)
    .addTokenTransfer(PAWS, ALICE, 250n * PAWS_UNIT);
  saleId = (await run(await signed(frozen(sale, OPERATOR), 'operator'))).transactionId;
  const tooMuch = new TransferTransaction().addTokenTransfer(PAWS, CAROL, -9_000n * PAWS_UNIT).addTokenTransfer(PAWS, ALICE, 9_000n * PAWS_UNIT);
  rejectedId = (await run(await signed(frozen(tooMuch, CAROL), 'carol'))).transactionId;
});

async function get(pathAndQuery: string) {
  const url = new URL(pathAndQuery, 'http://sandbox.test');
  const response = await handleMirrorRequest(ledger, url.pathname, url.searchParams);
  return { status: response.status, body: parseMirrorJson(response.body) as Record<string, any> };
}

describe('sandbox mirror API responses match the official OpenAPI schemas', () => {
  const cases: [string, string, number][] = [
    [`/api/v1/accounts/${ALICE}?transactions=false`, '/api/v1/accounts/{idOrAliasOrEvmAddress}', 200],
    ['/api/v1/accounts/0.0.424242', '/api/v1/accounts/{idOrAliasOrEvmAddress}', 404],
    ['/api/v1/accounts/not-an-id', '/api/v1/accounts/{idOrAliasOrEvmAddress}', 400],
    [`/api/v1/accounts/${ALICE}/tokens?token.id=${PAWS}`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200],
    [`/api/v1/accounts/${ALICE}/tokens?limit=1`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200],
    [`/api/v1/accounts/${BOB}/nfts?token.id=${TIGERS}&limit=2`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts', 200],
    [`/api/v1/accounts/${BOB}/nfts?limit=0`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts', 400],
    [`/api/v1/tokens/${TIGERS}`, '/api/v1/tokens/{tokenId}', 200],
    [`/api/v1/tokens/${PAWS}`, '/api/v1/tokens/{tokenId}', 200],
    ['/api/v1/tokens/0.0.1', '/api/v1/tokens/{tokenId}', 404],
    [`/api/v1/tokens/${TIGERS}/nfts?limit=100`, '/api/v1/tokens/{tokenId}/nfts', 200],
    [`/api/v1/tokens/${TIGERS}/nfts?account.id=${BOB}&order=asc`, '/api/v1/tokens/{tokenId}/nfts', 200],
    [`/api/v1/tokens/${TIGERS}/nfts?order=sideways`, '/api/v1/tokens/{tokenId}/nfts', 400],
    [`/api/v1/tokens/${TIGERS}/nfts/1`, '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 200],
    [`/api/v1/tokens/${TIGERS}/nfts/3330`, '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 404],
    [`/api/v1/tokens/${TIGERS}/nfts/abc`, '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 400],
    [`/api/v1/accounts/${BOB}/allowances/tokens?spender.id=${OPERATOR}&token.id=${PAWS}`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', 200],
    [`/api/v1/accounts/${BOB}/allowances/tokens?token.id=${PAWS}`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', 400],
    [`/api/v1/accounts/${CAROL}/allowances/nfts`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', 200],
    [`/api/v1/accounts/${net.marketAccountId}/allowances/nfts?owner=false`, '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', 200],
    ['/api/v1/network/exchangerate', '/api/v1/network/exchangerate', 200],
    ['/api/v1/transactions/0.0.5-17-1', '/api/v1/transactions/{transactionId}', 404],
    ['/api/v1/transactions/nonsense', '/api/v1/transactions/{transactionId}', 400],
  ];
  it.each(cases)('GET %s', async (pathAndQuery, template, status) => {
    const response = await get(pathAndQuery);
    expect(response.status).toBe(status);
    expect(responseValidator(template, status)(response.body)).toEqual([]);
  });

  it('GET /api/v1/transactions/{id} for a settled and a rejected transaction', async () => {
    for (const [id, result] of [
      [saleId, 'SUCCESS'],
      [rejectedId, 'INSUFFICIENT_TOKEN_BALANCE'],
    ] as const) {
      const response = await get(`/api/v1/transactions/${toMirrorTransactionId(id)}`);
      expect(response.status).toBe(200);
      expect(responseValidator('/api/v1/transactions/{transactionId}', 200)(response.body)).toEqual([]);
      expect(response.body.transactions[0]).toMatchObject({ result, transaction_id: toMirrorTransactionId(id) });
    }
  });

  it("shows the sale's royalty as the record has it: net token transfers and its assessed_custom_fees", async () => {
    const [sale] = (await get(`/api/v1/transactions/${toMirrorTransactionId(saleId)}`)).body.transactions;
    expect(sale.assessed_custom_fees).toEqual([{ amount: 12.5 * 1e6, collector_account_id: COLLECTOR, effective_payer_account_ids: [ALICE], token_id: PAWS }]);
    expect(sale.token_transfers).toHaveLength(3);
    expect(sale.token_transfers).toEqual(
      expect.arrayContaining([
        { token_id: PAWS, account: BOB, amount: -250 * 1e6, is_approval: true },
        { token_id: PAWS, account: ALICE, amount: 237.5 * 1e6, is_approval: false },
        { token_id: PAWS, account: COLLECTOR, amount: 12.5 * 1e6, is_approval: false },
      ]),
    );
    const collection = (await get(`/api/v1/tokens/${TIGERS}`)).body;
    expect(collection.custom_fees).toEqual({
      created_timestamp: collection.created_timestamp,
      fixed_fees: [],
      royalty_fees: [
        {
          all_collectors_are_exempt: false,
          amount: { denominator: 100, numerator: 5 },
          collector_account_id: COLLECTOR,
          fallback_fee: { amount: 5 * 1e8, denominating_token_id: null },
        },
      ],
    });
    expect((await get(`/api/v1/tokens/${PAWS}`)).body.custom_fees).toMatchObject({ fixed_fees: [], fractional_fees: [] });
  });

  it('answers unknown paths with the official 404 body', async () => {
    expect(await get('/api/v1/blocks')).toEqual({ status: 404, body: { _status: { messages: [{ message: 'Not found' }] } } });
  });
});

describe('sandbox mirror API content and paging', () => {
  it('lists 100 NFTs newest first with a relative links.next that reaches all 3,328 minted serials', async () => {
    const first = await get(`/api/v1/tokens/${TIGERS}/nfts?limit=100`);
    expect(first.body.nfts).toHaveLength(100);
    expect(first.body.nfts[0].serial_number).toBe(3328);
    expect(first.body.links.next).toMatch(/^\/api\/v1\/tokens\/0\.0\.7000333\/nfts\?/);
    const serials: number[] = first.body.nfts.map((n: { serial_number: number }) => n.serial_number);
    let next: string | null = first.body.links.next;
    let pages = 1;
    while (next) {
      const page = await get(next);
      serials.push(...page.body.nfts.map((n: { serial_number: number }) => n.serial_number));
      next = page.body.links.next;
      pages++;
    }
    expect(pages).toBe(34);
    expect(new Set(serials).size).toBe(3328);
    expect(Math.min(...serials)).toBe(1);
    expect(Math.max(...serials)).toBe(3328);
  });

  it('pages an account’s NFTs and keeps the other query parameters', async () => {
    const owned = serialsOf(await ledger.read(), BOB).sort((a, b) => b - a);
    const seen: number[] = [];
    let next: string | null = `/api/v1/accounts/${BOB}/nfts?token.id=${TIGERS}&limit=2`;
    while (next) {
      const page = await get(next);
      seen.push(...page.body.nfts.map((n: { serial_number: number }) => n.serial_number));
      next = page.body.links.next;
      if (next) expect(next).toContain(`token.id=${TIGERS}`);
    }
    expect(seen).toEqual(owned);
  });

  it('reports the sale: new owner without spender, the remaining allowance, the account key and balances', async () => {
    expect((await get(`/api/v1/tokens/${TIGERS}/nfts/${soldSerial}`)).body).toMatchObject({ account_id: BOB, spender: null });
    const allowance = await get(`/api/v1/accounts/${BOB}/allowances/tokens?spender.id=${OPERATOR}&token.id=${PAWS}`);
    expect(allowance.body.allowances).toEqual([expect.objectContaining({ amount: 750 * 1e6, amount_granted: 1_000 * 1e6, owner: BOB, spender: OPERATOR })]);
    const account = await get(`/api/v1/accounts/${ALICE}`);
    expect(account.body.key).toEqual({ _type: 'ED25519', key: key('alice').publicKey.toStringRaw() });
    // 250 PAWS less the collection's 5/100 royalty.
    expect(account.body.balance.tokens).toContainEqual({ token_id: PAWS, balance: 50_237.5 * 1e6 });
    expect((await get(`/api/v1/accounts/${CAROL}/allowances/nfts`)).body.allowances).toEqual([
      expect.objectContaining({ approved_for_all: true, owner: CAROL, spender: net.marketAccountId, token_id: TIGERS }),
    ]);
  });
});

describe('the mirror reader over the sandbox', () => {
  const reader = () =>
    createMirrorLedgerReader({
      baseUrl: 'http://sandbox.test/sandbox/mirror',
      fetch: async (input) => {
        const url = new URL(input);
        const path = url.pathname.replace(/^\/sandbox\/mirror/, '');
        const response = await handleMirrorRequest(ledger, path, url.searchParams);
        return new Response(response.body, { status: response.status, headers: { 'content-type': response.contentType } });
      },
    });

  it('reads accounts, balances, NFTs, allowances, tokens, the rate and transactions', async () => {
    const client = reader();
    const view = await ledger.read();
    expect(await client.getAccount(ALICE)).toEqual({
      accountId: ALICE,
      hbarTinybars: view.state.accounts.get(ALICE)?.hbar,
      key: { type: 'ED25519', hex: key('alice').publicKey.toStringRaw() },
    });
    expect(await client.getTokenBalance(ALICE, PAWS)).toEqual({ associated: true, balance: 50_237_500_000n, decimals: net.pawsDecimals });
    expect((await client.getAccountNfts(BOB, TIGERS)).map((n) => n.serial).sort((a, b) => a - b)).toEqual(serialsOf(view, BOB));
    expect(await client.getNft(TIGERS, 3330)).toBeNull();
    expect((await client.getNft(TIGERS, soldSerial))?.metadata).toBe(`ipfs://bafybeiwildtigerssandboxmetadataq7xk4mzr3vhl5tjd6cnwe2yfpgu/${soldSerial}.json`);
    const owners = await client.getAllNftOwners(TIGERS);
    expect(owners.size).toBe(3328);
    expect(owners.get(soldSerial)).toBe(BOB);
    expect(await client.getAllNftOwners(TIGERS, { expectedSerials: 3333 }), 'read by parallel serial ranges').toEqual(owners);
    expect(await client.getTokenAllowance(BOB, PAWS, OPERATOR)).toBe(750n * PAWS_UNIT);
    expect(await client.getTokenAllowance(ALICE, PAWS, OPERATOR)).toBe(0n);
    expect(await client.hasNftApprovalForAll(CAROL, TIGERS, net.marketAccountId)).toBe(true);
    expect(await client.getTokenInfo(PAWS)).toMatchObject({ name: 'PAWS', decimals: net.pawsDecimals, totalSupply: 1_000_000_000n * PAWS_UNIT });
    expect(await client.getExchangeRate()).toBeCloseTo(0.175, 10);
    const settled = await client.getTransaction(saleId);
    expect(settled?.result).toBe('SUCCESS');
    expect(settled?.nftTransfers).toEqual([{ tokenId: TIGERS, serial: soldSerial, sender: ALICE, receiver: BOB, isApproval: true }]);
    expect((await client.getTransaction(rejectedId))?.result).toBe('INSUFFICIENT_TOKEN_BALANCE');
  });
});
