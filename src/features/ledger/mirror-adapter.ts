import type { z } from 'zod';
import { mapConcurrently } from '@/lib/concurrency';
import { isEntityId } from './entity-id';
import { LedgerBadResponseError, LedgerNotFoundError } from './errors';
import type { CustomFees, LedgerNetworkNode, LedgerNft, LedgerReader, LedgerTransaction, ServiceEndpoint } from './ledger-reader-port';
import { createMirrorHttp, type MirrorHttpOptions, type MirrorResponse } from './mirror-http';
import {
  accountSchema,
  exchangeRateSchema,
  networkNodesPageSchema,
  nftAllowancesSchema,
  nftSchema,
  nftsPageSchema,
  tokenAllowancesSchema,
  tokenInfoSchema,
  tokenRelationshipsSchema,
  transactionByIdSchema,
  type MirrorNft,
  type MirrorServiceEndpoint,
  type MirrorTransaction,
} from './mirror-types';
import { toMirrorTransactionId } from './transaction-id';

export type MirrorLedgerReaderOptions = MirrorHttpOptions;

/** A guard against a mirror node (or proxy) that keeps answering with a `links.next`. */
const MAX_PAGES = 1000;
/** Serials per range (the mirror node's largest page) and ranges read at once by getAllNftOwners. */
const RANGE_SIZE = 100;
const PARALLEL_RANGES = 8;
/** The largest page of /api/v1/network/nodes. */
const NODES_PAGE_SIZE = 25;
/** The mirror node's bound on the `nonce` filter (int32). */
const MAX_NONCE = 2_147_483_647;

/** The ledger-read adapter over the mirror node REST API (mainnet, or the sandbox's compatible REST). */
export function createMirrorLedgerReader(options: MirrorLedgerReaderOptions): LedgerReader {
  const http = createMirrorHttp(options);

  async function getOne<S extends z.ZodType>(path: string, schema: S, resource: string): Promise<z.output<S>> {
    const response = await http.get(path);
    if (!response.found) throw new LedgerNotFoundError(resource, response.messages);
    return validate(schema, response);
  }

  async function getOptional<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
    const response = await http.get(path);
    return response.found ? validate(schema, response) : null;
  }

  /** Follows `links.next` to the end (or while `more` says so) and concatenates the items of every page. */
  async function getAllPages<S extends z.ZodType<{ links: { next?: string | null | undefined } }>, T>(
    firstPath: string,
    schema: S,
    items: (page: z.output<S>) => T[],
    resource: string,
    more: (pageItems: T[]) => boolean = () => true,
  ): Promise<T[]> {
    const all: T[] = [];
    const seen = new Set<string>();
    let path: string | null | undefined = firstPath;
    while (path) {
      if (seen.has(path) || seen.size >= MAX_PAGES) throw new LedgerBadResponseError('Mirror node paging does not end', path);
      seen.add(path);
      const page: z.output<S> = await getOne(path, schema, resource);
      const pageItems = items(page);
      all.push(...pageItems);
      path = more(pageItems) ? page.links.next : null;
    }
    return all;
  }

  /** Bulk reads on the wire, by token and supply: a second caller joins the first (the collection and the holdings ask together on a cold start). */
  const bulkReads = new Map<string, Promise<LedgerNft[]>>();

  /** Every serial of a token (see LedgerReader.getAllNfts): one bulk read at a time per token in this process. */
  function getAllNfts(tokenId: string, options: { expectedSerials?: number } = {}): Promise<LedgerNft[]> {
    const key = `${tokenId}/${options.expectedSerials ?? 0}`;
    let read = bulkReads.get(key);
    if (!read) {
      read = readAllNfts(tokenId, options).finally(() => bulkReads.delete(key));
      bulkReads.set(key, read);
    }
    return read;
  }

  /** Every serial of a token, read in parallel ranges of 100 up to the expected supply. */
  async function readAllNfts(tokenId: string, { expectedSerials = 0 }: { expectedSerials?: number } = {}): Promise<LedgerNft[]> {
    // Range i holds the serials in (i*100, i*100+100]: its pages are read in ascending order until
    // one reaches the range's end or goes past it (one page, unless a mirror serves smaller pages). The ranges are
    // read in parallel; the last one follows the pages to the end, past the expected supply.
    const ranges = Math.max(1, Math.ceil(expectedSerials / RANGE_SIZE));
    const path = (above: number) => `/api/v1/tokens/${id(tokenId)}/nfts?limit=${RANGE_SIZE}&order=asc&serialnumber=gt:${above}`;
    const readRange = async (index: number): Promise<MirrorNft[]> => {
      const above = index * RANGE_SIZE;
      const last = index === ranges - 1;
      const end = above + RANGE_SIZE;
      const inRange = (nft: MirrorNft) => last || nft.serial_number <= end;
      const nfts = await getAllPages(
        path(above),
        nftsPageSchema,
        (page) => page.nfts,
        `token ${tokenId}`,
        // A page that reaches the range's last serial ends it: its next link is the next range's first page.
        (page) => page.every(inRange) && (last || (page.at(-1)?.serial_number ?? end) < end),
      );
      return nfts.filter(inRange);
    };
    return (await mapConcurrently(ranges, PARALLEL_RANGES, readRange)).flat().map(toLedgerNft);
  }

  return {
    async getAccount(accountId) {
      const body = await getOne(`/api/v1/accounts/${id(accountId)}?transactions=false`, accountSchema, `account ${accountId}`);
      return {
        accountId: body.account,
        hbarTinybars: body.balance?.balance ?? 0n,
        key: body.key ? { type: body.key._type, hex: body.key.key.toLowerCase() } : null,
      };
    },

    async getTokenBalance(accountId, tokenId) {
      const body = await getOne(`/api/v1/accounts/${id(accountId)}/tokens?token.id=${id(tokenId)}`, tokenRelationshipsSchema, `account ${accountId}`);
      const relation = body.tokens.find((t) => t.token_id === tokenId);
      return relation ? { associated: true, balance: relation.balance, decimals: relation.decimals } : { associated: false, balance: 0n, decimals: null };
    },

    async getAccountNfts(accountId, tokenId) {
      const nfts = await getAllPages(
        `/api/v1/accounts/${id(accountId)}/nfts?token.id=${id(tokenId)}&limit=100`,
        nftsPageSchema,
        (page) => page.nfts,
        `account ${accountId}`,
      );
      return nfts.filter((nft) => nft.token_id === tokenId).map(toLedgerNft);
    },

    async getNft(tokenId, serial) {
      const body = await getOptional(`/api/v1/tokens/${id(tokenId)}/nfts/${serialNumber(serial)}`, nftSchema);
      return body ? toLedgerNft(body) : null;
    },

    async getNftsBySerial(tokenId, serials) {
      const wanted = new Set(serials.map(serialNumber));
      const ranges = [...new Set([...wanted].map((serial) => Math.floor((serial - 1) / RANGE_SIZE)))].sort((a, b) => a - b);
      const readRange = async (index: number): Promise<MirrorNft[]> => {
        const above = (ranges[index] as number) * RANGE_SIZE;
        const path = `/api/v1/tokens/${id(tokenId)}/nfts?limit=${RANGE_SIZE}&order=asc&serialnumber=gt:${above}&serialnumber=lte:${above + RANGE_SIZE}`;
        return getAllPages(path, nftsPageSchema, (page) => page.nfts, `token ${tokenId}`);
      };
      const found = new Map<number, LedgerNft>();
      for (const nfts of await mapConcurrently(ranges.length, PARALLEL_RANGES, readRange)) {
        for (const nft of nfts) if (wanted.has(nft.serial_number)) found.set(nft.serial_number, toLedgerNft(nft));
      }
      return found;
    },

    async canReceiveToken(accountId, tokenId) {
      const account = `/api/v1/accounts/${id(accountId)}`;
      const relation = await getOne(`${account}/tokens?token.id=${id(tokenId)}`, tokenRelationshipsSchema, account);
      if (relation.tokens.some((t) => t.token_id === tokenId)) return true;
      const slots = (await getOne(`${account}?transactions=false`, accountSchema, account)).max_automatic_token_associations ?? 0;
      if (slots <= 0) return slots < 0;
      const relations = await getAllPages(`${account}/tokens?limit=100`, tokenRelationshipsSchema, (page) => page.tokens, account);
      return relations.filter((t) => t.automatic_association).length < slots;
    },

    getAllNfts,

    async getAllNftOwners(tokenId, options = {}) {
      const owners = new Map<number, string>();
      for (const nft of await getAllNfts(tokenId, options)) if (!nft.deleted && nft.owner) owners.set(nft.serial, nft.owner);
      return owners;
    },

    async getTokenAllowance(ownerAccountId, tokenId, spenderAccountId) {
      const body = await getOne(
        `/api/v1/accounts/${id(ownerAccountId)}/allowances/tokens?spender.id=${id(spenderAccountId)}&token.id=${id(tokenId)}`,
        tokenAllowancesSchema,
        `account ${ownerAccountId}`,
      );
      const match = body.allowances.find((a) => a.spender === spenderAccountId && a.token_id === tokenId);
      return match?.amount ?? 0n;
    },

    async hasNftApprovalForAll(ownerAccountId, tokenId, spenderAccountId) {
      const allowances = await getAllPages(
        `/api/v1/accounts/${id(ownerAccountId)}/allowances/nfts?account.id=${id(spenderAccountId)}&token.id=${id(tokenId)}`,
        nftAllowancesSchema,
        (page) => page.allowances,
        `account ${ownerAccountId}`,
      );
      return allowances.some((a) => a.spender === spenderAccountId && a.token_id === tokenId && a.approved_for_all);
    },

    async getTokenInfo(tokenId) {
      const body = await getOne(`/api/v1/tokens/${id(tokenId)}`, tokenInfoSchema, `token ${tokenId}`);
      return {
        tokenId: body.token_id,
        name: body.name,
        symbol: body.symbol,
        type: body.type,
        decimals: body.decimals,
        totalSupply: body.total_supply,
        // An INFINITE token may report max_supply as int64 max; the port promises 0 for "no cap".
        maxSupply: body.supply_type === 'INFINITE' ? 0n : body.max_supply,
        treasuryAccountId: body.treasury_account_id ?? null,
        customFees: customFeesOf(body.custom_fees),
      };
    },

    async getExchangeRate() {
      const body = await getOne('/api/v1/network/exchangerate', exchangeRateSchema, 'exchange rate');
      return body.current_rate.cent_equivalent / body.current_rate.hbar_equivalent / 100;
    },

    async getTransaction(transactionId, lookup) {
      const mirrorId = toMirrorTransactionId(transactionId);
      if (!mirrorId) throw new TypeError(`Not a transaction id: ${transactionId}`);
      const filters: string[] = [];
      if (lookup?.scheduled !== undefined) filters.push(`scheduled=${lookup.scheduled}`);
      if (lookup?.nonce !== undefined) filters.push(`nonce=${nonceFilter(lookup.nonce)}`);
      const query = filters.length ? `?${filters.join('&')}` : '';
      const body = await getOptional(`/api/v1/transactions/${mirrorId}${query}`, transactionByIdSchema);
      // A transaction id also names child (nonce > 0) and scheduled records, and the answer for an
      // atomic batch lists its inner transactions, which have ids of their own. The mirror node lists
      // records in consensus order, so the first match is the one the network handled (a later one with
      // the same id, nonce and flag is a DUPLICATE_TRANSACTION).
      const nonce = lookup?.nonce ?? 0;
      const scheduled = lookup?.scheduled ?? false;
      const match = body?.transactions.find(
        (t) => toMirrorTransactionId(t.transaction_id) === mirrorId && (t.nonce ?? 0) === nonce && (t.scheduled ?? false) === scheduled,
      );
      return match ? toLedgerTransaction(match) : null;
    },

    async getNetworkNodes() {
      const nodes = await getAllPages(`/api/v1/network/nodes?limit=${NODES_PAGE_SIZE}`, networkNodesPageSchema, (page) => page.nodes, 'network nodes');
      return nodes
        .map(
          (node): LedgerNetworkNode => ({
            nodeId: node.node_id,
            nodeAccountId: node.node_account_id,
            serviceEndpoints: node.service_endpoints.map(toServiceEndpoint),
            grpcProxyEndpoint: node.grpc_proxy_endpoint ? toServiceEndpoint(node.grpc_proxy_endpoint) : null,
          }),
        )
        .sort((a, b) => a.nodeId - b.nodeId);
    },
  };
}

function validate<S extends z.ZodType>(schema: S, response: MirrorResponse & { found: true }): z.output<S> {
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new LedgerBadResponseError('Mirror node response does not match the documented shape', response.url, issues);
  }
  return parsed.data;
}

function id(entityId: string): string {
  if (!isEntityId(entityId)) throw new TypeError(`Not a shard.realm.num id: ${entityId}`);
  return entityId;
}

function serialNumber(serial: number): number {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new TypeError(`Not a serial number: ${serial}`);
  return serial;
}

function nonceFilter(nonce: number): number {
  if (!Number.isInteger(nonce) || nonce < 0 || nonce > MAX_NONCE) throw new TypeError(`Not a transaction nonce: ${nonce}`);
  return nonce;
}

function toServiceEndpoint(endpoint: MirrorServiceEndpoint): ServiceEndpoint {
  return { domainName: endpoint.domain_name, ipAddressV4: endpoint.ip_address_v4, port: endpoint.port };
}

/** A token's CustomFees (mirror) as the port's; a missing list is an empty one, a missing flag false. */
function customFeesOf(fees: z.output<typeof tokenInfoSchema>['custom_fees']): CustomFees {
  return {
    fixed: (fees?.fixed_fees ?? []).map((fee) => ({
      amount: fee.amount,
      denominatingTokenId: fee.denominating_token_id ?? null,
      collectorAccountId: fee.collector_account_id ?? null,
      allCollectorsExempt: fee.all_collectors_are_exempt ?? false,
    })),
    fractional: (fees?.fractional_fees ?? []).map((fee) => ({
      numerator: fee.amount.numerator,
      denominator: fee.amount.denominator,
      minimum: fee.minimum ?? 0n,
      maximum: fee.maximum ?? null,
      netOfTransfers: fee.net_of_transfers ?? false,
      collectorAccountId: fee.collector_account_id ?? null,
      allCollectorsExempt: fee.all_collectors_are_exempt ?? false,
    })),
    royalty: (fees?.royalty_fees ?? []).map((fee) => ({
      numerator: fee.amount.numerator,
      denominator: fee.amount.denominator,
      collectorAccountId: fee.collector_account_id ?? null,
      fallbackFee: fee.fallback_fee ? { amount: fee.fallback_fee.amount, denominatingTokenId: fee.fallback_fee.denominating_token_id ?? null } : null,
      allCollectorsExempt: fee.all_collectors_are_exempt ?? false,
    })),
  };
}

function toLedgerNft(nft: MirrorNft): LedgerNft {
  return {
    tokenId: nft.token_id,
    serial: nft.serial_number,
    // A deleted (burned) NFT is owned by nobody, whatever account_id the answer carries (null after a burn; some spec fixtures keep one).
    owner: nft.deleted ? null : nft.account_id,
    spender: nft.spender ?? null,
    delegatingSpender: nft.delegating_spender ?? null,
    metadata: nft.metadata ? Buffer.from(nft.metadata, 'base64').toString('utf8') : '',
    deleted: nft.deleted,
  };
}

/** A mirror transaction (list item or detail) as the port's LedgerTransaction. */
export function toLedgerTransaction(tx: MirrorTransaction): LedgerTransaction {
  return {
    transactionId: tx.transaction_id,
    name: tx.name,
    result: tx.result,
    consensusTimestamp: tx.consensus_timestamp,
    nonce: tx.nonce ?? 0,
    scheduled: tx.scheduled ?? false,
    transfers: (tx.transfers ?? []).map((t) => ({ account: t.account, amount: t.amount, isApproval: t.is_approval ?? false })),
    tokenTransfers: (tx.token_transfers ?? []).map((t) => ({
      tokenId: t.token_id,
      account: t.account,
      amount: t.amount,
      isApproval: t.is_approval ?? false,
    })),
    nftTransfers: (tx.nft_transfers ?? []).map((t) => ({
      tokenId: t.token_id,
      serial: t.serial_number,
      sender: t.sender_account_id,
      receiver: t.receiver_account_id,
      isApproval: t.is_approval,
    })),
  };
}
