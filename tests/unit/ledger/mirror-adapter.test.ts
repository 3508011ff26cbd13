import { describe, expect, it, vi } from 'vitest';
import { LedgerBadResponseError, LedgerNotFoundError, LedgerRequestError, LedgerUnavailableError } from '@/features/ledger/errors';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import { withRequestBudget } from '@/platform/request-budget';
import { fakeFetch, fixture, ok, type Reply } from './fake-fetch';
import { responseValidator } from './openapi';

const BASE = 'http://localhost:4321/sandbox/mirror/';
const ROOT = 'http://localhost:4321/sandbox/mirror';
const NFT_TOKEN = '0.0.4412389';
const PAWS = '0.0.9296439';
const OWNER = '0.0.1234567';

function reader(routes: Record<string, Reply | Reply[]>, extra: { timeoutMs?: number; maxRetries?: number; budgetMs?: number } = {}) {
  const fake = fakeFetch(routes);
  const sleeps: number[] = [];
  const client = createMirrorLedgerReader({
    baseUrl: BASE,
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { client, calls: fake.calls, sleeps };
}

describe('recorded mirror node responses', () => {
  const cases: [string, string, number][] = [
    ['account.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}', 200],
    ['account-tokens.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200],
    ['account-tokens-empty.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens', 200],
    ['account-nfts-page1.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts', 200],
    ['account-nfts-page2.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts', 200],
    ['nft.json', '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 200],
    ['token-nfts-page1.json', '/api/v1/tokens/{tokenId}/nfts', 200],
    ['token-nfts-page2.json', '/api/v1/tokens/{tokenId}/nfts', 200],
    ['token-allowances.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', 200],
    ['token-allowances-empty.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', 200],
    ['nft-allowances.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', 200],
    ['token-info-nft.json', '/api/v1/tokens/{tokenId}', 200],
    ['token-info-paws.json', '/api/v1/tokens/{tokenId}', 200],
    ['exchangerate.json', '/api/v1/network/exchangerate', 200],
    ['transaction.json', '/api/v1/transactions/{transactionId}', 200],
    ['error-404.json', '/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 404],
    ['error-400.json', '/api/v1/accounts/{idOrAliasOrEvmAddress}', 400],
    ['error-503.json', '/api/v1/network/exchangerate', 500],
  ];
  it.each(cases)('%s matches the OpenAPI schema of GET %s (%i)', (file, template, status) => {
    expect(responseValidator(template, status)(JSON.parse(fixture(file)))).toEqual([]);
  });

  it('the schema check rejects a field the API does not have', () => {
    const body = { ...JSON.parse(fixture('nft.json')), spender_id: '0.0.5' };
    expect(responseValidator('/api/v1/tokens/{tokenId}/nfts/{serialNumber}', 200)(body)).not.toEqual([]);
  });
});

describe('createMirrorLedgerReader', () => {
  it('reads an account with an exact int64 balance and its key', async () => {
    const { client, calls } = reader({ [`${ROOT}/api/v1/accounts/${OWNER}?transactions=false`]: ok('account.json') });
    const account = await client.getAccount(OWNER);
    expect(account).toEqual({
      accountId: OWNER,
      hbarTinybars: 1234567890123456789n,
      key: { type: 'ED25519', hex: '7b2f1c6e3a4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8' },
    });
    expect(calls).toHaveLength(1);
  });

  it('reports a token balance, and no association as associated: false', async () => {
    const { client } = reader({
      [`${ROOT}/api/v1/accounts/${OWNER}/tokens?token.id=${PAWS}`]: ok('account-tokens.json'),
      [`${ROOT}/api/v1/accounts/0.0.42/tokens?token.id=${PAWS}`]: ok('account-tokens-empty.json'),
    });
    expect(await client.getTokenBalance(OWNER, PAWS)).toEqual({ associated: true, balance: 123456789012n, decimals: 6 });
    expect(await client.getTokenBalance('0.0.42', PAWS)).toEqual({ associated: false, balance: 0n, decimals: null });
  });

  it('follows links.next under the base URL until it is null', async () => {
    const { client, calls } = reader({
      [`${ROOT}/api/v1/accounts/${OWNER}/nfts?token.id=${NFT_TOKEN}&limit=100`]: ok('account-nfts-page1.json'),
      [`${ROOT}/api/v1/accounts/${OWNER}/nfts?limit=2&token.id=${NFT_TOKEN}&serialnumber=lt:942`]: ok('account-nfts-page2.json'),
    });
    const nfts = await client.getAccountNfts(OWNER, NFT_TOKEN);
    expect(nfts.map((n) => n.serial)).toEqual([1187, 942, 31]);
    expect(nfts[0]).toMatchObject({
      owner: OWNER,
      spender: '0.0.690356',
      metadata: 'ipfs://bafybeihw2tmkf3jvdzqcu7okkb4ghvpkc7aovzn6s3ldkmgsbbeoqkmf4q/1187.json',
    });
    expect(calls).toHaveLength(2);
  });

  it('maps every serial to its owner across pages, leaving out deleted serials', async () => {
    const { client } = reader({
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:0`]: ok('token-nfts-page1.json'),
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=2&serialnumber=lt:3332`]: ok('token-nfts-page2.json'),
    });
    const owners = await client.getAllNftOwners(NFT_TOKEN);
    expect([...owners]).toEqual([
      [3333, '0.0.2233445'],
      [3331, OWNER],
    ]);
  });

  it('reads the owner map once for callers that ask while it is on the wire, and again afterwards', async () => {
    const fake = fakeFetch({
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:0`]: ok('token-nfts-page1.json'),
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=2&serialnumber=lt:3332`]: ok('token-nfts-page2.json'),
    });
    // The first page answers only once the second caller has asked: the read is on the wire by then.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const fetch: typeof fake.fetch = async (url, init) => {
      if (fake.calls.length === 0) await held;
      return fake.fetch(url, init);
    };
    const client = createMirrorLedgerReader({ baseUrl: BASE, fetch, sleep: async () => undefined });
    const first = client.getAllNftOwners(NFT_TOKEN);
    await new Promise((done) => setTimeout(done, 10));
    const second = client.getAllNftOwners(NFT_TOKEN);
    release();
    expect([...(await second)]).toEqual([...(await first)]);
    expect(fake.calls).toHaveLength(2);
    await client.getAllNftOwners(NFT_TOKEN);
    expect(fake.calls).toHaveLength(4);
  });

  it('reads the serial ranges up to the expected supply at once, and past it to the last page', async () => {
    const nft = (serial: number, owner: string) => ({ ...JSON.parse(fixture('nft.json')), serial_number: serial, account_id: owner });
    const page = (nfts: object[], next: string | null = null): Reply => ({ status: 200, body: JSON.stringify({ nfts, links: { next } }) });
    const range = (above: number) => `${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:${above}`;
    const { client, calls } = reader({
      [range(0)]: page([nft(1, '0.0.11'), nft(100, '0.0.100'), nft(101, '0.0.999')]), // 101 belongs to the next range
      [range(100)]: page(
        [{ ...nft(101, '0.0.101'), deleted: true }, nft(150, '0.0.150')],
        `/api/v1/tokens/${NFT_TOKEN}/nfts?limit=2&order=asc&serialnumber=gt:150`,
      ),
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=2&order=asc&serialnumber=gt:150`]: page([nft(200, '0.0.200'), nft(201, '0.0.201')], 'never-followed'),
      [range(200)]: page([nft(250, '0.0.250')], `/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:250`),
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:250`]: page([nft(301, '0.0.301')]),
    });
    const owners = await client.getAllNftOwners(NFT_TOKEN, { expectedSerials: 250 });
    expect(calls.slice(0, 3).sort()).toEqual([range(0), range(100), range(200)].sort());
    expect(calls, 'a range whose page stops short (a mirror with smaller pages) follows its next link, and stops past the range').toHaveLength(5);
    // 101 is burned (its own range says so); range 0's copy of it and range 1's copy of 201 are ignored.
    expect([...owners].sort((a, b) => a[0] - b[0])).toEqual([
      [1, '0.0.11'],
      [100, '0.0.100'],
      [150, '0.0.150'],
      [200, '0.0.200'],
      [250, '0.0.250'],
      [301, '0.0.301'],
    ]);
  });

  it('reads one page per full range: a page that ends at its range’s last serial does not follow its next link (the next range’s page)', async () => {
    const nft = (serial: number) => ({ ...JSON.parse(fixture('nft.json')), serial_number: serial, account_id: `0.0.${1000 + serial}` });
    const range = (above: number) => `/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:${above}`;
    const full = (above: number, next: string | null): Reply => ({
      status: 200,
      body: JSON.stringify({ nfts: Array.from({ length: 100 }, (_, index) => nft(above + index + 1)), links: { next } }),
    });
    // As the mirror node pages: a full page links to the serials after its last one.
    const { client, calls } = reader({
      [`${ROOT}${range(0)}`]: full(0, range(100)),
      [`${ROOT}${range(100)}`]: full(100, range(200)),
      [`${ROOT}${range(200)}`]: { status: 200, body: JSON.stringify({ nfts: [nft(201), nft(202)], links: { next: null } }) },
    });
    const owners = await client.getAllNftOwners(NFT_TOKEN, { expectedSerials: 202 });
    expect(owners.size).toBe(202);
    expect(calls.sort()).toEqual([range(0), range(100), range(200)].map((path) => `${ROOT}${path}`).sort());
  });

  it('returns null for an NFT the mirror node does not know, and the NFT otherwise', async () => {
    const { client } = reader({
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts/3334`]: { status: 404, body: fixture('error-404.json') },
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts/1187`]: ok('nft.json'),
    });
    expect(await client.getNft(NFT_TOKEN, 3334)).toBeNull();
    expect(await client.getNft(NFT_TOKEN, 1187)).toMatchObject({ serial: 1187, owner: OWNER, spender: '0.0.690356', deleted: false });
  });

  it('reads the remaining token allowance (0 when there is none) and approve-for-all grants', async () => {
    const spender = '0.0.7000100';
    const { client } = reader({
      [`${ROOT}/api/v1/accounts/${OWNER}/allowances/tokens?spender.id=${spender}&token.id=${PAWS}`]: ok('token-allowances.json'),
      [`${ROOT}/api/v1/accounts/0.0.42/allowances/tokens?spender.id=${spender}&token.id=${PAWS}`]: ok('token-allowances-empty.json'),
      [`${ROOT}/api/v1/accounts/${OWNER}/allowances/nfts?account.id=0.0.690356&token.id=${NFT_TOKEN}`]: ok('nft-allowances.json'),
    });
    expect(await client.getTokenAllowance(OWNER, PAWS, spender)).toBe(5_000_000_000n);
    expect(await client.getTokenAllowance('0.0.42', PAWS, spender)).toBe(0n);
    expect(await client.hasNftApprovalForAll(OWNER, NFT_TOKEN, '0.0.690356')).toBe(true);
  });

  it('reads token info with royalty fees and string supplies', async () => {
    const { client } = reader({
      [`${ROOT}/api/v1/tokens/${NFT_TOKEN}`]: ok('token-info-nft.json'),
      [`${ROOT}/api/v1/tokens/${PAWS}`]: ok('token-info-paws.json'),
    });
    expect(await client.getTokenInfo(NFT_TOKEN)).toMatchObject({
      type: 'NON_FUNGIBLE_UNIQUE',
      totalSupply: 3328n,
      maxSupply: 3333n,
      customFees: {
        royalty: [
          {
            numerator: 5n,
            denominator: 100n,
            collectorAccountId: '0.0.1100001',
            fallbackFee: { amount: 500_000_000n, denominatingTokenId: null },
            allCollectorsExempt: false,
          },
        ],
      },
    });
    expect(await client.getTokenInfo(PAWS)).toMatchObject({ decimals: 6, totalSupply: 957_341_000_000_000n, maxSupply: 0n, customFees: { royalty: [] } });
  });

  it('computes USD per HBAR from the exchange rate', async () => {
    const { client } = reader({ [`${ROOT}/api/v1/network/exchangerate`]: ok('exchangerate.json') });
    expect(await client.getExchangeRate()).toBeCloseTo(0.175, 10);
  });

  it('looks a transaction up by its SDK id in the mirror form, null while unknown', async () => {
    const { client, calls } = reader({
      [`${ROOT}/api/v1/transactions/0.0.7000100-1732354801-000000123`]: ok('transaction.json'),
      [`${ROOT}/api/v1/transactions/0.0.7000100-1732354801-000000124`]: { status: 404, body: fixture('error-404.json') },
    });
    const tx = await client.getTransaction('0.0.7000100@1732354801.000000123');
    expect(tx).toMatchObject({ result: 'SUCCESS', consensusTimestamp: '1732354810.123456789', name: 'CRYPTOTRANSFER' });
    expect(tx?.nftTransfers).toEqual([{ tokenId: NFT_TOKEN, serial: 1187, sender: OWNER, receiver: '0.0.2233445', isApproval: true }]);
    expect(tx?.tokenTransfers).toContainEqual({ tokenId: PAWS, account: '0.0.2233445', amount: -2_500_000_000n, isApproval: true });
    expect(await client.getTransaction('0.0.7000100-1732354801-000000124')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('retries a 429, waiting at least its Retry-After, then succeeds', async () => {
    const { client, calls, sleeps } = reader({
      [`${ROOT}/api/v1/network/exchangerate`]: [{ status: 429, headers: { 'retry-after': '1' } }, ok('exchangerate.json')],
    });
    expect(await client.getExchangeRate()).toBeCloseTo(0.175, 10);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('reads several serials by range: one request per hundred serials, not one per serial', async () => {
    const nftAt = (serial: number, owner: string, spender: string | null) => ({
      account_id: owner,
      created_timestamp: '1690000000.000000001',
      delegating_spender: null,
      deleted: false,
      metadata: '',
      modified_timestamp: '1690000000.000000001',
      serial_number: serial,
      spender,
      token_id: NFT_TOKEN,
    });
    const range = (above: number) => `${ROOT}/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:${above}&serialnumber=lte:${above + 100}`;
    const page = (...nfts: unknown[]) => ({ status: 200, body: JSON.stringify({ nfts, links: { next: null } }) });
    const { client, calls } = reader({
      [range(0)]: page(nftAt(3, OWNER, '0.0.900'), nftAt(4, OWNER, null), nftAt(97, '0.0.77', null)),
      [range(3200)]: page(nftAt(3250, '0.0.78', '0.0.900')),
    });
    const nfts = await client.getNftsBySerial(NFT_TOKEN, [97, 3, 3250, 3, 99]);
    expect([...nfts.keys()].sort((a, b) => a - b)).toEqual([3, 97, 3250]);
    expect(nfts.get(3)).toMatchObject({ owner: OWNER, spender: '0.0.900' });
    expect(nfts.get(3250)).toMatchObject({ owner: '0.0.78', spender: '0.0.900' });
    expect(calls).toHaveLength(2);
  });

  it('says whether an account can receive a token: associated, or with a free automatic association slot', async () => {
    const account = (slots: number) => ({
      status: 200,
      body: JSON.stringify({ ...JSON.parse(fixture('account.json')), max_automatic_token_associations: slots }),
    });
    const relations = (automatic: number) => ({
      status: 200,
      body: JSON.stringify({
        tokens: Array.from({ length: automatic }, (_, i) => ({ token_id: `0.0.${500 + i}`, balance: 0, decimals: 0, automatic_association: true })),
        links: { next: null },
      }),
    });
    const { client } = reader({
      [`${ROOT}/api/v1/accounts/${OWNER}/tokens?token.id=${PAWS}`]: ok('account-tokens.json'),
      [`${ROOT}/api/v1/accounts/0.0.41/tokens?token.id=${PAWS}`]: ok('account-tokens-empty.json'),
      [`${ROOT}/api/v1/accounts/0.0.41?transactions=false`]: account(0),
      [`${ROOT}/api/v1/accounts/0.0.42/tokens?token.id=${PAWS}`]: ok('account-tokens-empty.json'),
      [`${ROOT}/api/v1/accounts/0.0.42?transactions=false`]: account(-1),
      [`${ROOT}/api/v1/accounts/0.0.43/tokens?token.id=${PAWS}`]: ok('account-tokens-empty.json'),
      [`${ROOT}/api/v1/accounts/0.0.43?transactions=false`]: account(2),
      [`${ROOT}/api/v1/accounts/0.0.43/tokens?limit=100`]: relations(1),
      [`${ROOT}/api/v1/accounts/0.0.44/tokens?token.id=${PAWS}`]: ok('account-tokens-empty.json'),
      [`${ROOT}/api/v1/accounts/0.0.44?transactions=false`]: account(2),
      [`${ROOT}/api/v1/accounts/0.0.44/tokens?limit=100`]: relations(2),
    });
    expect(await client.canReceiveToken(OWNER, PAWS)).toBe(true);
    expect(await client.canReceiveToken('0.0.41', PAWS)).toBe(false);
    expect(await client.canReceiveToken('0.0.42', PAWS)).toBe(true);
    expect(await client.canReceiveToken('0.0.43', PAWS)).toBe(true);
    expect(await client.canReceiveToken('0.0.44', PAWS)).toBe(false);
  });

  it('honours a Retry-After longer than the backoff cap while the budget allows it', async () => {
    const { client, sleeps } = reader({
      [`${ROOT}/api/v1/network/exchangerate`]: [{ status: 429, headers: { 'retry-after': '6' } }, ok('exchangerate.json')],
    });
    expect(await client.getExchangeRate()).toBeCloseTo(0.175, 10);
    expect(sleeps).toEqual([6000]);
  });

  it('gives up at once when the Retry-After would outlast its budget', async () => {
    const { client, calls, sleeps } = reader(
      { [`${ROOT}/api/v1/network/exchangerate`]: { status: 429, headers: { 'retry-after': '30' } } },
      { budgetMs: 10_000 },
    );
    const error = await client.getExchangeRate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect(error).toMatchObject({ httpStatus: 429, message: expect.stringContaining('after 1 attempts (time budget spent)') });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('keeps every attempt and wait of a read within one budget (a hanging mirror no longer takes 34 s)', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeFetch({ [`${ROOT}/api/v1/network/exchangerate`]: 'hang' });
      const client = createMirrorLedgerReader({ baseUrl: BASE, fetch: fake.fetch });
      const started = Date.now();
      const outcome = client.getExchangeRate().catch((error: unknown) => ({ error, after: Date.now() - started }));
      await vi.advanceTimersByTimeAsync(40_000);
      const { error, after } = (await outcome) as { error: unknown; after: number };
      expect(error).toBeInstanceOf(LedgerUnavailableError);
      expect(after).toBeLessThanOrEqual(10_000);
      expect(fake.calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at the deadline of the request it serves', async () => {
    vi.useFakeTimers();
    try {
      const { client, calls } = reader({ [`${ROOT}/api/v1/network/exchangerate`]: 'hang' }, { timeoutMs: 5_000 });
      let settled = false;
      const outcome = withRequestBudget(300, () => client.getExchangeRate())
        .catch((e: unknown) => e)
        .finally(() => {
          settled = true;
        });
      await vi.advanceTimersByTimeAsync(299);
      expect(settled).toBe(false);
      // The request's 300 ms, not the read's own 5 s.
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(await outcome).toBeInstanceOf(LedgerUnavailableError);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up on a 500 after the retries with capped exponential backoff', async () => {
    const { client, calls, sleeps } = reader({ [`${ROOT}/api/v1/network/exchangerate`]: { status: 500, body: fixture('error-503.json') } });
    const error = await client.getExchangeRate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect(error).toMatchObject({ httpStatus: 500 });
    expect(String((error as Error).message)).toContain('Service Unavailable');
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('aborts a request that outlives the timeout and retries it', async () => {
    const url = `${ROOT}/api/v1/network/exchangerate`;
    const recovered = reader({ [url]: ['hang', ok('exchangerate.json')] }, { timeoutMs: 20 });
    expect(await recovered.client.getExchangeRate()).toBeCloseTo(0.175, 10);
    expect(recovered.calls).toHaveLength(2);

    const stuck = reader({ [url]: 'hang' }, { timeoutMs: 20, maxRetries: 1 });
    await expect(stuck.client.getExchangeRate()).rejects.toThrow(/timed out after 20 ms/);
    expect(stuck.calls).toHaveLength(2);
  });

  it('retries network errors', async () => {
    const { client, calls } = reader({ [`${ROOT}/api/v1/network/exchangerate`]: [new TypeError('fetch failed'), ok('exchangerate.json')] });
    expect(await client.getExchangeRate()).toBeCloseTo(0.175, 10);
    expect(calls).toHaveLength(2);
  });

  it('throws LedgerNotFoundError with the official messages when a 404 is not an answer', async () => {
    const { client } = reader({ [`${ROOT}/api/v1/accounts/0.0.42?transactions=false`]: { status: 404, body: fixture('error-404.json') } });
    const error = await client.getAccount('0.0.42').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerNotFoundError);
    expect(error).toMatchObject({ messages: ['Not found'] });
  });

  it('throws LedgerRequestError for a 400 without retrying', async () => {
    const { client, calls } = reader({ [`${ROOT}/api/v1/accounts/0.0.42?transactions=false`]: { status: 400, body: fixture('error-400.json') } });
    const error = await client.getAccount('0.0.42').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerRequestError);
    expect(error).toMatchObject({ httpStatus: 400, messages: ['Invalid parameter: account.id'] });
    expect(calls).toHaveLength(1);
  });

  it('throws LedgerBadResponseError for a body of the wrong shape or invalid JSON', async () => {
    const account = JSON.parse(fixture('account.json'));
    const { client, calls } = reader({
      [`${ROOT}/api/v1/accounts/0.0.1?transactions=false`]: { status: 200, body: JSON.stringify({ ...account, key: { _type: 'RSA', key: 'zz' } }) },
      [`${ROOT}/api/v1/accounts/0.0.2?transactions=false`]: { status: 200, body: '<html>gateway</html>' },
    });
    await expect(client.getAccount('0.0.1')).rejects.toBeInstanceOf(LedgerBadResponseError);
    await expect(client.getAccount('0.0.2')).rejects.toBeInstanceOf(LedgerBadResponseError);
    expect(calls).toHaveLength(2);
  });

  it('refuses paging that never ends', async () => {
    const first = `/api/v1/tokens/${NFT_TOKEN}/nfts?limit=100&order=asc&serialnumber=gt:0`;
    const loop = JSON.stringify({ nfts: [], links: { next: first } });
    const { client } = reader({ [`${ROOT}${first}`]: { status: 200, body: loop } });
    await expect(client.getAllNftOwners(NFT_TOKEN)).rejects.toBeInstanceOf(LedgerBadResponseError);
  });

  it('rejects malformed ids before making a request', async () => {
    const { client, calls } = reader({});
    await expect(client.getAccount('0.0.1/../../x')).rejects.toBeInstanceOf(TypeError);
    await expect(client.getNft(NFT_TOKEN, 0)).rejects.toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(0);
  });
});
