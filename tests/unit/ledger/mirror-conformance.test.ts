/**
 * The mirror reader on the official mirror node's own REST spec fixtures (the request/response
 * pairs of `rest/__tests__/specs` in hiero-ledger/hiero-mirror-node; see
 * tests/fixtures/mirror-specs/README.md for the commit and every source path). Each official
 * response is served, byte for byte as to its int64 values, for the request the reader makes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LedgerBadResponseError, LedgerNotFoundError } from '@/features/ledger/errors';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { fakeFetch, type Reply } from './fake-fetch';

interface SpecCase {
  name: string;
  source: string;
  description: string;
  url: string;
  responseStatus: number;
  responseJson: unknown;
}

const ROOT = 'https://mirror.example/prefix';
const REPOSITORY = 'hiero-ledger/hiero-mirror-node@';

const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;
type SourceReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/** JSON.parse that keeps integers beyond 2^53 as their source text, so they are served unrounded. */
function parseExact(text: string): unknown {
  const reviver: SourceReviver = (_key, value, context) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source) ? rawJson(context.source) : value;
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
}

function family(file: string): (name: string) => SpecCase {
  const text = readFileSync(new URL(`../../fixtures/mirror-specs/${file}`, import.meta.url), 'utf8');
  const cases = parseExact(text) as SpecCase[];
  return (name) => {
    const found = cases.find((c) => c.name === name);
    if (!found) throw new Error(`no case ${name} in ${file}`);
    return found;
  };
}

const accounts = family('accounts.json');
const accountTokens = family('account-tokens.json');
const accountNfts = family('account-nfts.json');
const tokenNfts = family('token-nfts.json');
const nft = family('nft.json');
const allowances = family('allowances-tokens.json');
const tokens = family('tokens.json');
const transactions = family('transactions.json');
const nodes = family('network-nodes.json');
const exchangeRate = family('exchangerate.json');

/** The official response of a case (or a body taken from it) as the fake fetch's reply. */
function reply(spec: SpecCase, body: unknown = spec.responseJson): Reply {
  return { status: spec.responseStatus, body: JSON.stringify(body) };
}

function reader(routes: Record<string, Reply>) {
  const fake = fakeFetch(Object.fromEntries(Object.entries(routes).map(([path, r]) => [`${ROOT}${path}`, r])));
  const client = createMirrorLedgerReader({ baseUrl: ROOT, fetch: fake.fetch, maxRetries: 0, sleep: async () => {} });
  return { client, fake };
}

function listElement(spec: SpecCase, account: string): unknown {
  const list = (spec.responseJson as { accounts: { account: string }[] }).accounts;
  const element = list.find((a) => a.account === account);
  if (!element) throw new Error(`${account} is not in ${spec.name}`);
  return element;
}

describe('the fixtures', () => {
  const files = [
    'accounts.json',
    'account-tokens.json',
    'account-nfts.json',
    'token-nfts.json',
    'nft.json',
    'allowances-tokens.json',
    'tokens.json',
    'transactions.json',
    'network-nodes.json',
    'exchangerate.json',
  ];
  it.each(files)('%s names the official source of every case', (file) => {
    const cases = parseExact(readFileSync(new URL(`../../fixtures/mirror-specs/${file}`, import.meta.url), 'utf8')) as SpecCase[];
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      expect(c.source).toMatch(/^hiero-ledger\/hiero-mirror-node@[0-9a-f]{40}:rest\/__tests__\/specs\/.+\.json$/);
      expect(c.url).toMatch(/^\/api\/v1\//);
      expect([200, 404]).toContain(c.responseStatus);
    }
  });

  it('keeps the int64 values of the official bodies exact', () => {
    const body = (reply(allowances('token-allowances-int64')) as { body: string }).body;
    expect(body).toContain('"amount":9223372036854775797');
    expect(body).toContain('"amount_granted":9223372036854775807');
    expect((reply(transactions('tx-nft-transfers-int64-serial')) as { body: string }).body).toContain('"serial_number":9223372036847275807');
    expect(transactions('tx-nft-transfers-int64-serial').source.startsWith(REPOSITORY)).toBe(true);
  });
});

describe('accounts (GET /api/v1/accounts/{id}?transactions=false)', () => {
  it('reads the account, its tinybar balance and a null key', async () => {
    const spec = accounts('account-by-id');
    const { client } = reader({ [spec.url]: reply(spec) });
    expect(await client.getAccount('0.0.8')).toEqual({ accountId: '0.0.8', hbarTinybars: 80n, key: null });
  });

  it('reads a null balance (no balance snapshot yet) as 0', async () => {
    const spec = accounts('account-no-balance');
    const { client } = reader({ '/api/v1/accounts/0.0.8?transactions=false': reply(spec) });
    expect(await client.getAccount('0.0.8')).toEqual({ accountId: '0.0.8', hbarTinybars: 0n, key: null });
  });

  it('throws LedgerNotFoundError with the official message for an unknown account', async () => {
    const spec = accounts('account-not-found');
    const { client } = reader({ '/api/v1/accounts/0.0.7?transactions=false': reply(spec) });
    const error = await client.getAccount('0.0.7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerNotFoundError);
    expect(error).toMatchObject({ messages: ['Not found'] });
  });

  it('tells ED25519, ECDSA_SECP256K1, ProtobufEncoded and missing keys apart', async () => {
    const list = accounts('accounts-list-key-types');
    const protobuf = accounts('accounts-list-protobuf-key');
    const { client } = reader({
      '/api/v1/accounts/0.0.1?transactions=false': reply(list, listElement(list, '0.0.1')),
      '/api/v1/accounts/0.0.4?transactions=false': reply(list, listElement(list, '0.0.4')),
      '/api/v1/accounts/0.0.7?transactions=false': reply(list, listElement(list, '0.0.7')),
      '/api/v1/accounts/1023.1.19?transactions=false': reply(protobuf, listElement(protobuf, '1023.1.19')),
    });
    expect(await client.getAccount('0.0.1')).toEqual({
      accountId: '0.0.1',
      hbarTinybars: 10n,
      key: { type: 'ED25519', hex: 'bfc9d4a344389324119eed485eb3a875b1e5a54bd189d2fd5ad88ce1d3473dee' },
    });
    expect(await client.getAccount('0.0.4')).toEqual({
      accountId: '0.0.4',
      hbarTinybars: 40n,
      key: { type: 'ECDSA_SECP256K1', hex: '023673dc1b97f1e2a99041867be087ec040374636b8e7486789112e95f09018401' },
    });
    expect(await client.getAccount('0.0.7')).toMatchObject({ accountId: '0.0.7', key: null });
    expect(await client.getAccount('1023.1.19')).toEqual({ accountId: '1023.1.19', hbarTinybars: 90n, key: { type: 'ProtobufEncoded', hex: '030303' } });
  });
});

describe('token relationships (GET /api/v1/accounts/{id}/tokens?token.id=)', () => {
  it('reads balance and decimals of an associated token', async () => {
    const spec = accountTokens('account-tokens');
    const { client } = reader({ '/api/v1/accounts/0.0.1001/tokens?token.id=0.0.1135': reply(spec) });
    expect(await client.getTokenBalance('0.0.1001', '0.0.1135')).toEqual({ associated: true, balance: 15n, decimals: 1 });
  });

  it('accepts a relationship whose decimals are null (token row missing) and keeps a 2^53 balance exact', async () => {
    const spec = accountTokens('account-tokens-null-decimals-int64');
    const { client } = reader({
      '/api/v1/accounts/0.0.1001/tokens?token.id=0.0.45678': reply(spec),
      '/api/v1/accounts/0.0.1001/tokens?token.id=0.0.1130': reply(spec),
    });
    expect(await client.getTokenBalance('0.0.1001', '0.0.45678')).toEqual({ associated: true, balance: 9007199254740992n, decimals: 2 });
    expect(await client.getTokenBalance('0.0.1001', '0.0.1130')).toEqual({ associated: true, balance: 0n, decimals: null });
  });

  it('reports no relationship as not associated, and an unknown account as not found', async () => {
    const none = accountTokens('account-tokens-none');
    const missing = accountTokens('account-tokens-account-not-found');
    const { client } = reader({
      '/api/v1/accounts/0.0.1001/tokens?token.id=0.1.1135': reply(none),
      '/api/v1/accounts/0.0.3001/tokens?token.id=0.0.1135': reply(missing),
    });
    expect(await client.getTokenBalance('0.0.1001', '0.1.1135')).toEqual({ associated: false, balance: 0n, decimals: null });
    await expect(client.getTokenBalance('0.0.3001', '0.0.1135')).rejects.toBeInstanceOf(LedgerNotFoundError);
  });
});

describe('account NFTs (GET /api/v1/accounts/{id}/nfts?token.id=)', () => {
  it('reads owner, spenders and base64 metadata', async () => {
    const spec = accountNfts('account-nfts-token');
    const { client } = reader({ '/api/v1/accounts/0.0.1001/nfts?token.id=0.0.2500&limit=100': reply(spec) });
    expect(await client.getAccountNfts('0.0.1001', '0.0.2500')).toEqual([
      { tokenId: '0.0.2500', serial: 1, owner: '0.0.1001', spender: '0.0.2000', delegatingSpender: '0.0.5', metadata: 's1', deleted: false },
    ]);
  });

  it('reads an empty page as no NFTs', async () => {
    const spec = accountNfts('account-nfts-none');
    const { client } = reader({ '/api/v1/accounts/0.0.1001/nfts?token.id=0.0.1&limit=100': reply(spec) });
    expect(await client.getAccountNfts('0.0.1001', '0.0.1')).toEqual([]);
  });
});

describe('token NFTs (GET /api/v1/tokens/{id}/nfts)', () => {
  it('follows links.next to the last page and maps every serial to its owner', async () => {
    const first = tokenNfts('token-nfts-page-with-next');
    const last = tokenNfts('token-nfts-empty-last-page');
    const next = (first.responseJson as { links: { next: string } }).links.next;
    expect(next).toBe('/api/v1/tokens/1500/nfts?limit=3&serialnumber=lt:3');
    const { client, fake } = reader({
      '/api/v1/tokens/0.0.1500/nfts?limit=100&order=asc&serialnumber=gt:0': reply(first),
      [next]: reply(last),
    });
    const owners = await client.getAllNftOwners('0.0.1500');
    expect([...owners].sort((a, b) => a[0] - b[0])).toEqual([
      [3, '0.0.1001'],
      [4, '0.0.1002'],
      [5, '0.0.1003'],
    ]);
    expect(fake.calls).toEqual([`${ROOT}/api/v1/tokens/0.0.1500/nfts?limit=100&order=asc&serialnumber=gt:0`, `${ROOT}${next}`]);
  });

  it('leaves deleted serials out of the owners', async () => {
    const spec = tokenNfts('token-nfts-with-deleted');
    const { client } = reader({ '/api/v1/tokens/0.0.1500/nfts?limit=100&order=asc&serialnumber=gt:0': reply(spec) });
    expect([...(await client.getAllNftOwners('0.0.1500'))]).toEqual([[2, '0.0.2001']]);
  });
});

describe('one NFT (GET /api/v1/tokens/{id}/nfts/{serial})', () => {
  const path = '/api/v1/tokens/0.0.1500/nfts/2';

  it('reads owner, spender, delegating spender and metadata', async () => {
    const { client } = reader({ [path]: reply(nft('nft')) });
    expect(await client.getNft('0.0.1500', 2)).toEqual({
      tokenId: '0.0.1500',
      serial: 2,
      owner: '0.0.2001',
      spender: '0.0.3001',
      delegatingSpender: '0.0.3000',
      metadata: 'm2',
      deleted: false,
    });
  });

  it('treats a deleted (burned) NFT as owned by nobody, even where the answer still names an account', async () => {
    const spec = nft('nft-deleted');
    expect(spec.responseJson).toMatchObject({ deleted: true, account_id: '0.0.2001' });
    const { client } = reader({ [path]: reply(spec) });
    expect(await client.getNft('0.0.1500', 2)).toMatchObject({ serial: 2, deleted: true, owner: null, spender: null });
  });

  it('reads a null account_id as no owner', async () => {
    const { client } = reader({ [path]: reply(nft('nft-null-account')) });
    expect(await client.getNft('0.0.1500', 2)).toMatchObject({ owner: null, deleted: true });
  });

  it('returns null for a serial the mirror node does not know', async () => {
    const { client } = reader({ '/api/v1/tokens/0.0.1500/nfts/20': reply(nft('nft-not-found')) });
    expect(await client.getNft('0.0.1500', 20)).toBeNull();
  });
});

describe('token allowances (GET /api/v1/accounts/{owner}/allowances/tokens?spender.id=&token.id=)', () => {
  it('reads the remaining amount of the matching allowance', async () => {
    const spec = allowances('token-allowance-spender-token');
    const { client } = reader({ '/api/v1/accounts/0.0.1001/allowances/tokens?spender.id=0.0.2001&token.id=0.0.10002': reply(spec) });
    expect(await client.getTokenAllowance('0.0.1001', '0.0.10002', '0.0.2001')).toBe(34n);
  });

  it('keeps an int64 amount exact, and picks the allowance of the asked spender and token', async () => {
    const spec = allowances('token-allowances-int64');
    const { client } = reader({
      '/api/v1/accounts/0.0.1001/allowances/tokens?spender.id=0.0.5001&token.id=0.0.10005': reply(spec),
      '/api/v1/accounts/0.0.1001/allowances/tokens?spender.id=0.0.4001&token.id=0.0.10005': reply(spec),
    });
    expect(await client.getTokenAllowance('0.0.1001', '0.0.10005', '0.0.5001')).toBe(9223372036854775797n);
    expect(await client.getTokenAllowance('0.0.1001', '0.0.10005', '0.0.4001')).toBe(0n);
  });

  it('reads no allowance as 0', async () => {
    const { client } = reader({
      '/api/v1/accounts/0.0.1001/allowances/tokens?spender.id=0.0.2001&token.id=0.0.10002': reply(allowances('token-allowances-empty')),
    });
    expect(await client.getTokenAllowance('0.0.1001', '0.0.10002', '0.0.2001')).toBe(0n);
  });
});

describe('token info (GET /api/v1/tokens/{id})', () => {
  it('reads an NFT class with fixed fees, royalty fees and fallback fees; an INFINITE supply reads as max supply 0', async () => {
    const spec = tokens('token-nft-royalty-fees');
    expect(spec.responseJson).toMatchObject({ supply_type: 'INFINITE', max_supply: '9223372036854775807' });
    const { client } = reader({ '/api/v1/tokens/0.0.1135': reply(spec) });
    expect(await client.getTokenInfo('0.0.1135')).toEqual({
      tokenId: '0.0.1135',
      name: 'Token name',
      symbol: 'ORIGINALRDKSE',
      type: 'NON_FUNGIBLE_UNIQUE',
      decimals: 0,
      totalSupply: 1_000_000n,
      maxSupply: 0n,
      treasuryAccountId: '0.0.98',
      customFees: {
        fixed: [
          { amount: 12n, denominatingTokenId: '0.0.1137', collectorAccountId: '0.0.8904', allCollectorsExempt: false },
          { amount: 13n, denominatingTokenId: null, collectorAccountId: '0.0.8905', allCollectorsExempt: true },
        ],
        fractional: [],
        royalty: [
          { numerator: 11n, denominator: 17n, collectorAccountId: '0.0.8901', fallbackFee: null, allCollectorsExempt: false },
          {
            numerator: 9n,
            denominator: 13n,
            collectorAccountId: '0.0.8902',
            fallbackFee: { amount: 1300n, denominatingTokenId: '0.0.1137' },
            allCollectorsExempt: true,
          },
          {
            numerator: 41n,
            denominator: 131n,
            collectorAccountId: '0.0.8904',
            fallbackFee: { amount: 8n, denominatingTokenId: null },
            allCollectorsExempt: true,
          },
        ],
      },
    });
  });

  it('reads a fungible token without custom fees', async () => {
    const { client } = reader({ '/api/v1/tokens/0.0.1135': reply(tokens('token-fungible')) });
    expect(await client.getTokenInfo('0.0.1135')).toMatchObject({
      type: 'FUNGIBLE_COMMON',
      decimals: 1000,
      totalSupply: 1_000_000n,
      maxSupply: 0n,
      customFees: { fixed: [], fractional: [], royalty: [] },
    });
  });

  it('throws LedgerNotFoundError for an unknown token', async () => {
    const { client } = reader({ '/api/v1/tokens/0.0.1135': reply(tokens('token-not-found')) });
    await expect(client.getTokenInfo('0.0.1135')).rejects.toBeInstanceOf(LedgerNotFoundError);
  });
});

describe('exchange rate (GET /api/v1/network/exchangerate)', () => {
  it('computes USD per HBAR from the current rate', async () => {
    const { client } = reader({ '/api/v1/network/exchangerate': reply(exchangeRate('exchangerate')) });
    expect(await client.getExchangeRate()).toBeCloseTo(450041 / 30000 / 100, 12);
  });
});

describe('transactions by id (GET /api/v1/transactions/{id}[?scheduled=&nonce=])', () => {
  const path = (spec: SpecCase) => spec.url;

  it('parses an int64 NFT serial without precision loss', async () => {
    const spec = transactions('tx-nft-transfers-int64-serial');
    const { client } = reader({ [path(spec)]: reply(spec) });
    const tx = await client.getTransaction('0.0.8@1234567890.000000000');
    expect(tx).toMatchObject({ transactionId: '0.0.8-1234567890-000000000', name: 'CRYPTOTRANSFER', result: 'SUCCESS', nonce: 0, scheduled: false });
    expect(tx?.nftTransfers).toEqual([
      { tokenId: '0.0.90000', serial: 1, sender: '0.0.3', receiver: '0.0.8', isApproval: true },
      { tokenId: '0.0.90000', serial: 2, sender: '0.0.3', receiver: '0.0.9', isApproval: false },
      { tokenId: '0.0.90000', serial: 9223372036847275807n, sender: '0.0.3', receiver: '0.0.10', isApproval: false },
    ]);
    expect(tx?.transfers).toContainEqual({ account: '0.0.8', amount: -3n, isApproval: false });
  });

  it('reads hbar and token transfers with their approval flags', async () => {
    const spec = transactions('tx-token-transfer');
    const { client } = reader({ [path(spec)]: reply(spec) });
    const tx = await client.getTransaction('0.0.300@1565779555.711927000');
    expect(tx).toMatchObject({ result: 'SUCCESS', consensusTimestamp: '1565779555.711927001' });
    expect(tx?.tokenTransfers).toEqual([
      { tokenId: '0.0.90000', account: '0.0.200', amount: 200n, isApproval: false },
      { tokenId: '0.0.90000', account: '0.0.300', amount: -1200n, isApproval: true },
      { tokenId: '0.0.90000', account: '0.0.400', amount: 1000n, isApproval: true },
    ]);
  });

  it('without filters returns the submitted transaction, not its scheduled execution or a later duplicate', async () => {
    const mixed = transactions('tx-with-scheduled-and-duplicate');
    const { client } = reader({ [path(mixed)]: reply(mixed) });
    expect(await client.getTransaction('0.0.10@1234567890.000000001')).toMatchObject({
      name: 'CONSENSUSSUBMITMESSAGE',
      result: 'SUCCESS',
      consensusTimestamp: '1234567890.000000002',
      scheduled: false,
    });
  });

  it('takes the first record, not the DUPLICATE_TRANSACTION that follows it', async () => {
    const spec = transactions('tx-duplicates');
    const { client } = reader({ [path(spec)]: reply(spec) });
    expect(await client.getTransaction('0.0.10-1234567890-000000001')).toMatchObject({ result: 'SUCCESS', consensusTimestamp: '1234567890.000000040' });
  });

  it('takes the parent (nonce 0) among child records with the same id', async () => {
    const spec = transactions('tx-children-by-nonce');
    const { client } = reader({ [path(spec)]: reply(spec) });
    expect(await client.getTransaction('0.0.10-1234567890-000000001')).toMatchObject({ nonce: 0, consensusTimestamp: '1234567890.000000040' });
  });

  it('asks for a child record with the nonce filter (and the scheduled filter with it)', async () => {
    const nonce = transactions('tx-nonce-1');
    const both = transactions('tx-scheduled-false-nonce-1');
    const missing = transactions('tx-nonce-not-found');
    const { client, fake } = reader({ [path(nonce)]: reply(nonce), [path(both)]: reply(both), [path(missing)]: reply(missing) });
    const expected = { transactionId: '0.0.10-1234567890-000000001', nonce: 1, scheduled: false, consensusTimestamp: '1234567890.000000045' };
    expect(await client.getTransaction('0.0.10@1234567890.000000001', { nonce: 1 })).toMatchObject(expected);
    expect(await client.getTransaction('0.0.10@1234567890.000000001', { scheduled: false, nonce: 1 })).toMatchObject(expected);
    expect(await client.getTransaction('0.0.10@1234567890.000000001', { nonce: 3 })).toBeNull();
    expect(fake.calls).toEqual([`${ROOT}${nonce.url}`, `${ROOT}${both.url}`, `${ROOT}${missing.url}`]);
  });

  it('asks for the scheduled execution with scheduled=true, and the schedule itself with scheduled=false', async () => {
    const noFilter = transactions('tx-scheduled-no-filter');
    const scheduled = transactions('tx-scheduled-true');
    const { client } = reader({ [path(noFilter)]: reply(noFilter), [path(scheduled)]: reply(scheduled) });
    expect(await client.getTransaction('0.0.10@1234567890.000000001')).toMatchObject({ name: 'SCHEDULECREATE', scheduled: false });
    expect(await client.getTransaction('0.0.10@1234567890.000000001', { scheduled: true })).toMatchObject({
      name: 'CRYPTOTRANSFER',
      scheduled: true,
      result: 'SUCCESS',
      consensusTimestamp: '1234567890.000000003',
    });

    const createOnly = transactions('tx-scheduled-false');
    const notYet = transactions('tx-scheduled-true-not-found');
    const second = reader({ [path(createOnly)]: reply(createOnly), [path(notYet)]: reply(notYet) });
    expect(await second.client.getTransaction('0.0.10@1234567890.000000001', { scheduled: false })).toMatchObject({
      name: 'SCHEDULECREATE',
      result: 'SUCCESS',
    });
    expect(await second.client.getTransaction('0.0.10@1234567890.000000001', { scheduled: true })).toBeNull();

    const longTerm = transactions('tx-long-term-scheduled-true');
    const third = reader({ [path(longTerm)]: reply(longTerm) });
    expect(await third.client.getTransaction('0.0.10@1234567890.000000001', { scheduled: true })).toMatchObject({ consensusTimestamp: '1237159890.000000002' });
  });

  it('never answers with a record of another transaction id (atomic batch inner transactions)', async () => {
    const outer = transactions('tx-batch-outer');
    const outerScheduled = transactions('tx-batch-scheduled-true');
    const inner = transactions('tx-batch-inner');
    const ids = (outer.responseJson as { transactions: { transaction_id: string }[] }).transactions.map((t) => t.transaction_id);
    expect(new Set(ids).size).toBeGreaterThan(1);
    const { client } = reader({ [path(outer)]: reply(outer), [path(outerScheduled)]: reply(outerScheduled), [path(inner)]: reply(inner) });
    // The batch itself is recorded as scheduled here: no unscheduled record has this id.
    expect(await client.getTransaction('0.0.10@1234567800.000000001')).toBeNull();
    expect(await client.getTransaction('0.0.10@1234567800.000000001', { scheduled: true })).toMatchObject({
      transactionId: '0.0.10-1234567800-000000001',
      name: 'ATOMICBATCH',
    });
    expect(await client.getTransaction('0.0.12@1234567800.000000003')).toMatchObject({
      transactionId: '0.0.12-1234567800-000000003',
      name: 'CRYPTOTRANSFER',
      nonce: 0,
      consensusTimestamp: '1234567800.000000005',
    });
  });

  it('returns null while the mirror node does not have the transaction', async () => {
    const spec = transactions('tx-not-found');
    const { client } = reader({ [path(spec)]: reply(spec) });
    expect(await client.getTransaction('0.1.10-1234567891-000000000')).toBeNull();
  });
});

describe('network nodes (GET /api/v1/network/nodes)', () => {
  const first = '/api/v1/network/nodes?limit=25';

  it('reads each node with its service endpoints and gRPC-web proxy', async () => {
    const { client } = reader({ [first]: reply(nodes('nodes')) });
    expect(await client.getNetworkNodes()).toEqual([
      {
        nodeId: 0,
        nodeAccountId: '0.0.3',
        serviceEndpoints: [{ domainName: '', ipAddressV4: '128.0.0.5', port: 50215 }],
        grpcProxyEndpoint: { domainName: 'node1.hedera.com', ipAddressV4: '', port: 80 },
      },
      {
        nodeId: 1,
        nodeAccountId: '0.0.5',
        serviceEndpoints: [{ domainName: '', ipAddressV4: '128.0.0.6', port: 50216 }],
        grpcProxyEndpoint: { domainName: 'node2.hedera.com', ipAddressV4: '', port: 80 },
      },
    ]);
  });

  it('reads a node without a gRPC-web proxy as null', async () => {
    const { client } = reader({ [first]: reply(nodes('nodes-null-grpc-proxy')) });
    const list = await client.getNetworkNodes();
    expect(list.map((n) => [n.nodeAccountId, n.grpcProxyEndpoint])).toEqual([
      ['0.0.3', { domainName: 'localhost', ipAddressV4: '', port: 80 }],
      ['0.0.4', null],
    ]);
  });

  it('follows links.next and returns the nodes in node id order', async () => {
    const page = nodes('nodes-page-with-next');
    const next = (page.responseJson as { links: { next: string } }).links.next;
    expect(next).toBe('/api/v1/network/nodes?limit=2&node.id=gt:4');
    const { client, fake } = reader({ [first]: reply(page), [next]: reply(nodes('nodes-after-4')) });
    const list = await client.getNetworkNodes();
    expect(list.map((n) => [n.nodeId, n.nodeAccountId])).toEqual([
      [3, '0.0.6'],
      [4, '0.0.7'],
      [5, '0.0.8'],
      [6, '0.0.9'],
    ]);
    expect(fake.calls).toHaveLength(2);
  });
});

describe('what the reader rejects', () => {
  it('still refuses a body without the documented shape', async () => {
    const spec = nft('nft');
    const { client } = reader({ '/api/v1/tokens/0.0.1500/nfts/2': reply(spec, { ...(spec.responseJson as object), deleted: 'no' }) });
    await expect(client.getNft('0.0.1500', 2)).rejects.toBeInstanceOf(LedgerBadResponseError);
  });
});
