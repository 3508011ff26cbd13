/**
 * The mirror node REST subset the app reads, served from the sandbox state in the official
 * shapes. Mount it under any base URL: `links.next` is always relative (`/api/v1/...`).
 */
import { compareEntityIds } from '@/features/ledger/entity-id';
import { stringifyMirrorJson } from '@/features/ledger/mirror-json';
import { toSdkTransactionId } from '@/features/ledger/transaction-id';
import {
  entityKey,
  type Filter,
  type FilterOp,
  matches,
  matchesPair,
  MirrorQueryError,
  nextLink,
  normaliseEntityId,
  parseEntityFilters,
  parseLimit,
  parseNumberFilters,
  parseOrder,
  takePage,
} from './mirror-query';
import {
  accountJson,
  networkNodeJson,
  nftAllowanceJson,
  nftJson,
  tokenAllowanceJson,
  tokenInfoJson,
  tokenRelationshipJson,
  transactionJson,
} from './mirror-serializers';
import type { SandboxLedger, SandboxView } from './sandbox-ledger';
import type { NftState } from './state';
import { formatTimestamp } from './timestamps';
import type { TransactionRecord } from './transaction-record';

export interface MirrorApiResponse {
  status: number;
  contentType: 'application/json';
  /** JSON text; int64 values are written as exact integers. */
  body: string;
}

type Handler = (view: SandboxView, match: string[], params: URLSearchParams, path: string, now: number) => unknown;

const notFound = { _status: { messages: [{ message: 'Not found' }] } };

/** Answers one GET of the mirror node API from the sandbox ledger. */
export async function handleMirrorRequest(
  ledger: SandboxLedger,
  path: string,
  searchParams: URLSearchParams,
  now: () => number = Date.now,
): Promise<MirrorApiResponse> {
  for (const [pattern, handler] of routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    try {
      const body = handler(await ledger.read(), match.slice(1).map(decodeURIComponent), searchParams, path, now());
      return respond(body === null ? 404 : 200, body ?? notFound);
    } catch (error) {
      if (error instanceof MirrorQueryError) return respond(400, { _status: { messages: [{ message: error.message }] } });
      throw error;
    }
  }
  return respond(404, notFound);
}

function respond(status: number, body: unknown): MirrorApiResponse {
  return { status, contentType: 'application/json', body: stringifyMirrorJson(body) };
}

function pathId(value: string | undefined, parameter: string): string {
  const id = value ? normaliseEntityId(value) : null;
  if (!id) throw new MirrorQueryError(parameter);
  return id;
}

const routes: [RegExp, Handler][] = [
  [
    /^\/api\/v1\/accounts\/([^/]+)$/,
    (view, [raw]) => {
      const account = view.state.accounts.get(pathId(raw, 'idOrAliasOrEvmAddress'));
      if (!account) return null;
      return { ...accountJson(account, formatTimestamp(view.state.lastConsensusNs)), transactions: [], links: { next: null } };
    },
  ],

  [
    /^\/api\/v1\/accounts\/([^/]+)\/tokens$/,
    (view, [raw], params, path) => {
      const account = view.state.accounts.get(pathId(raw, 'idOrAliasOrEvmAddress'));
      if (!account) return null;
      const limit = parseLimit(params);
      const order = parseOrder(params, 'asc');
      const tokenFilters = parseEntityFilters(params, 'token.id');
      const relations = [...account.tokens.entries()]
        .filter(([tokenId]) => matches(entityKey(tokenId), tokenFilters))
        .sort(([a], [b]) => (order === 'asc' ? 1 : -1) * compareEntityIds(a, b));
      const { page, more } = takePage(relations, limit);
      const last = page[page.length - 1];
      return {
        tokens: page.map(([tokenId, relation]) => tokenRelationshipJson(tokenId, view.state.tokens.get(tokenId), relation.balance, relation.createdTimestamp)),
        links: { next: more && last ? nextLink(path, params, limit, [['token.id', `${order === 'asc' ? 'gt' : 'lt'}:${last[0]}`]]) : null },
      };
    },
  ],

  [
    /^\/api\/v1\/accounts\/([^/]+)\/nfts$/,
    (view, [raw], params, path) => {
      const account = view.state.accounts.get(pathId(raw, 'idOrAliasOrEvmAddress'));
      if (!account) return null;
      const limit = parseLimit(params);
      const order = parseOrder(params, 'desc');
      const tokenFilters = parseEntityFilters(params, 'token.id');
      const serialFilters = parseNumberFilters(params, 'serialnumber');
      const spenderFilters = parseEntityFilters(params, 'spender.id');
      const sign = order === 'asc' ? 1 : -1;
      const owned = [...account.nfts.entries()]
        .flatMap(([tokenId, serials]) => [...serials].map((serial) => ({ tokenId, nft: view.state.tokens.get(tokenId)?.nfts[serial] })))
        .filter((item): item is { tokenId: string; nft: NftState } => item.nft !== undefined)
        .filter(({ tokenId, nft }) => matchesPair(entityKey(tokenId), BigInt(nft.serial), tokenFilters, serialFilters))
        .filter(({ nft }) => spenderFilters.length === 0 || (nft.spender !== null && matches(entityKey(nft.spender), spenderFilters)))
        .sort((a, b) => sign * (compareEntityIds(a.tokenId, b.tokenId) || a.nft.serial - b.nft.serial));
      const { page, more } = takePage(owned, limit);
      const last = page[page.length - 1];
      const op = order === 'asc' ? 'gt' : 'lt';
      const singleToken = tokenFilters.length === 1 && tokenFilters[0]?.op === 'eq';
      const cursor: [string, string][] = last
        ? singleToken
          ? [['serialnumber', `${op}:${last.nft.serial}`]]
          : [
              ['token.id', `${op}e:${last.tokenId}`],
              ['serialnumber', `${op}:${last.nft.serial}`],
            ]
        : [];
      return { nfts: page.map(({ tokenId, nft }) => nftJson(tokenId, nft)), links: { next: more ? nextLink(path, params, limit, cursor) : null } };
    },
  ],

  [
    /^\/api\/v1\/accounts\/([^/]+)\/allowances\/tokens$/,
    (view, [raw], params, path) => {
      const owner = pathId(raw, 'idOrAliasOrEvmAddress');
      const account = view.state.accounts.get(owner);
      if (!account) return null;
      const limit = parseLimit(params);
      const order = parseOrder(params, 'asc');
      const spenderFilters = parseEntityFilters(params, 'spender.id');
      const tokenFilters = parseEntityFilters(params, 'token.id');
      if (tokenFilters.length > 0 && spenderFilters.length === 0) throw new MirrorQueryError('token.id');
      const sign = order === 'asc' ? 1 : -1;
      const allowances = [...account.tokenAllowances.values()]
        .filter((a) => matchesPair(entityKey(a.spender), entityKey(a.tokenId), spenderFilters, tokenFilters))
        .sort((a, b) => sign * (compareEntityIds(a.spender, b.spender) || compareEntityIds(a.tokenId, b.tokenId)));
      const { page, more } = takePage(allowances, limit);
      const last = page[page.length - 1];
      const op = order === 'asc' ? 'gt' : 'lt';
      const cursor: [string, string][] = last
        ? [
            ['spender.id', `${op}e:${last.spender}`],
            ['token.id', `${op}:${last.tokenId}`],
          ]
        : [];
      return { allowances: page.map((a) => tokenAllowanceJson(owner, a)), links: { next: more ? nextLink(path, params, limit, cursor) : null } };
    },
  ],

  [
    /^\/api\/v1\/accounts\/([^/]+)\/allowances\/nfts$/,
    (view, [raw], params, path) => {
      const id = pathId(raw, 'idOrAliasOrEvmAddress');
      if (!view.state.accounts.has(id)) return null;
      const limit = parseLimit(params);
      const order = parseOrder(params, 'asc');
      const counterpartFilters = parseEntityFilters(params, 'account.id');
      const tokenFilters = parseEntityFilters(params, 'token.id');
      const ownerParam = params.get('owner');
      if (ownerParam !== null && ownerParam !== 'true' && ownerParam !== 'false') throw new MirrorQueryError('owner');
      const asOwner = ownerParam !== 'false';
      const grants = asOwner
        ? [...(view.state.accounts.get(id)?.nftApprovalsForAll.values() ?? [])].map((g) => ({ owner: id, counterpart: g.spender, ...g }))
        : [...view.state.accounts.values()].flatMap((account) =>
            [...account.nftApprovalsForAll.values()].filter((g) => g.spender === id).map((g) => ({ owner: account.id, counterpart: account.id, ...g })),
          );
      const sign = order === 'asc' ? 1 : -1;
      const filtered = grants
        .filter((g) => matchesPair(entityKey(g.counterpart), entityKey(g.tokenId), counterpartFilters, tokenFilters))
        .sort((a, b) => sign * (compareEntityIds(a.counterpart, b.counterpart) || compareEntityIds(a.tokenId, b.tokenId)));
      const { page, more } = takePage(filtered, limit);
      const last = page[page.length - 1];
      const op = order === 'asc' ? 'gt' : 'lt';
      const cursor: [string, string][] = last
        ? [
            ['account.id', `${op}e:${last.counterpart}`],
            ['token.id', `${op}:${last.tokenId}`],
          ]
        : [];
      return {
        allowances: page.map((g) => nftAllowanceJson(g.owner, g.spender, g.tokenId, g.timestamp)),
        links: { next: more ? nextLink(path, params, limit, cursor) : null },
      };
    },
  ],

  [
    /^\/api\/v1\/tokens\/([^/]+)$/,
    (view, [raw]) => {
      const token = view.state.tokens.get(pathId(raw, 'tokenId'));
      return token ? tokenInfoJson(token) : null;
    },
  ],

  [
    /^\/api\/v1\/tokens\/([^/]+)\/nfts$/,
    (view, [raw], params, path) => {
      const tokenId = pathId(raw, 'tokenId');
      const token = view.state.tokens.get(tokenId);
      const limit = parseLimit(params);
      const order = parseOrder(params, 'desc');
      const accountFilters = parseEntityFilters(params, 'account.id');
      const serialFilters = parseNumberFilters(params, 'serialnumber');
      const nfts = token ? token.nfts : [];
      function* inOrder(): Generator<NftState> {
        for (let i = 0; i < nfts.length; i++) {
          const nft = nfts[order === 'asc' ? i : nfts.length - 1 - i];
          // Burned serials are listed too (deleted: true, spec token-nfts-with-deleted), except under an account filter: they have no account.
          const accountMatches = accountFilters.length === 0 || (nft?.owner != null && matches(entityKey(nft.owner), accountFilters));
          if (nft && accountMatches && matches(BigInt(nft.serial), serialFilters)) yield nft;
        }
      }
      const { page, more } = takePage(inOrder(), limit);
      const last = page[page.length - 1];
      const cursor: [string, string][] = last ? [['serialnumber', `${order === 'asc' ? 'gt' : 'lt'}:${last.serial}`]] : [];
      return { nfts: page.map((nft) => nftJson(tokenId, nft)), links: { next: more ? nextLink(path, params, limit, cursor) : null } };
    },
  ],

  [
    /^\/api\/v1\/tokens\/([^/]+)\/nfts\/([^/]+)$/,
    (view, [rawToken, rawSerial]) => {
      const tokenId = pathId(rawToken, 'tokenId');
      if (!rawSerial || !/^\d{1,19}$/.test(rawSerial) || Number(rawSerial) < 1) throw new MirrorQueryError('serialNumber');
      const nft = view.state.tokens.get(tokenId)?.nfts[Number(rawSerial)];
      return nft ? nftJson(tokenId, nft) : null;
    },
  ],

  [
    /^\/api\/v1\/network\/exchangerate$/,
    (view, _match, _params, _path, now) => {
      const { centEquivalent, hbarEquivalent } = view.state.network.exchangeRate;
      const nowSeconds = Math.floor(now / 1000);
      const rate = (expiration: number) => ({ cent_equivalent: centEquivalent, expiration_time: expiration, hbar_equivalent: hbarEquivalent });
      const nextHour = (Math.floor(nowSeconds / 3600) + 1) * 3600;
      return { current_rate: rate(nextHour), next_rate: rate(nextHour + 3600), timestamp: `${nowSeconds}.000000000` };
    },
  ],

  [
    /^\/api\/v1\/network\/nodes$/,
    (view, _match, params, path) => {
      const limit = parseLimit(params);
      const order = parseOrder(params, 'asc');
      const nodeFilters = parseNumberFilters(params, 'node.id');
      const fileFilters = parseEntityFilters(params, 'file.id');
      const genesis = formatTimestamp(BigInt(view.state.network.genesisSeconds) * 1_000_000_000n);
      const nodes = [networkNodeJson(view.state.network, genesis)]
        .filter((node) => matches(BigInt(node.node_id), nodeFilters) && matches(entityKey(node.file_id), fileFilters))
        .sort((a, b) => (order === 'asc' ? 1 : -1) * (a.node_id - b.node_id));
      const { page, more } = takePage(nodes, limit);
      const last = page[page.length - 1];
      const cursor: [string, string][] = last ? [['node.id', `${order === 'asc' ? 'gt' : 'lt'}:${last.node_id}`]] : [];
      return { nodes: page, links: { next: more ? nextLink(path, params, limit, cursor) : null } };
    },
  ],

  [
    // Transactions (list): the records an account took part in (payer, or a party to any transfer),
    // in the official list item shape (Transaction: no assessed_custom_fees), paged by timestamp.
    /^\/api\/v1\/transactions$/,
    (view, _match, params, path) => {
      const limit = parseLimit(params);
      const order = parseOrder(params, 'desc');
      const accountFilters = parseEntityFilters(params, 'account.id');
      const timeFilters = parseTimestampFilters(params);
      const result = params.get('result');
      if (result !== null && result !== 'success' && result !== 'fail') throw new MirrorQueryError('result');
      const type = params.get('transactiontype')?.toUpperCase();
      const records = [...view.state.transactions.values()]
        .filter((record) => (result !== 'fail' || record.result !== 'SUCCESS') && (!type || record.name === type))
        .filter((record) => matches(timestampNs(record.consensusTimestamp), timeFilters))
        .filter((record) => accountFilters.length === 0 || partiesOf(record).some((party) => matches(entityKey(party), accountFilters)))
        .sort((a, b) => (order === 'asc' ? 1 : -1) * compareTimestamps(a.consensusTimestamp, b.consensusTimestamp));
      const { page, more } = takePage(records, limit);
      const last = page[page.length - 1];
      const cursor: [string, string][] = last ? [['timestamp', `${order === 'asc' ? 'gt' : 'lt'}:${last.consensusTimestamp}`]] : [];
      return {
        transactions: page.map((record) => {
          const { assessed_custom_fees: _detailOnly, ...listed } = transactionJson(record);
          return listed;
        }),
        links: { next: more ? nextLink(path, params, limit, cursor) : null },
      };
    },
  ],

  [
    // NftTransactionHistory: each transfer of one serial, newest first by default (getNftTransactions).
    /^\/api\/v1\/tokens\/([^/]+)\/nfts\/([^/]+)\/transactions$/,
    (view, [rawToken, rawSerial], params, path) => {
      const tokenId = pathId(rawToken, 'tokenId');
      if (!rawSerial || !/^\d{1,19}$/.test(rawSerial) || Number(rawSerial) < 1) throw new MirrorQueryError('serialNumber');
      const serial = Number(rawSerial);
      const limit = parseLimit(params);
      const order = parseOrder(params, 'desc');
      const timeFilters = parseTimestampFilters(params);
      if (!view.state.tokens.get(tokenId)?.nfts[serial]) return null;
      const moves = [...view.state.transactions.values()]
        .filter((record) => matches(timestampNs(record.consensusTimestamp), timeFilters))
        .flatMap((record) =>
          record.nftTransfers
            .filter((transfer) => transfer.tokenId === tokenId && Number(transfer.serial) === serial)
            .map((transfer) => ({
              consensus_timestamp: record.consensusTimestamp,
              is_approval: transfer.isApproval,
              nonce: 0,
              receiver_account_id: transfer.receiver,
              sender_account_id: transfer.sender,
              transaction_id: transactionJson(record).transaction_id,
              type: record.name,
            })),
        )
        .sort((a, b) => (order === 'asc' ? 1 : -1) * compareTimestamps(a.consensus_timestamp, b.consensus_timestamp));
      const { page, more } = takePage(moves, limit);
      const last = page[page.length - 1];
      const cursor: [string, string][] = last ? [['timestamp', `${order === 'asc' ? 'gt' : 'lt'}:${last.consensus_timestamp}`]] : [];
      return { transactions: page, links: { next: more ? nextLink(path, params, limit, cursor) : null } };
    },
  ],

  [
    /^\/api\/v1\/transactions\/([^/]+)$/,
    (view, [raw]) => {
      const transactionId = raw ? toSdkTransactionId(raw) : null;
      if (!transactionId) throw new MirrorQueryError('transactionId');
      const record = view.findTransaction(transactionId);
      return record ? { transactions: [transactionJson(record)] } : null;
    },
  ],
];

/** The accounts a record concerns: its payer and every party to its HBAR, token and NFT transfers. */
function partiesOf(record: TransactionRecord): string[] {
  const payer = record.transactionId.split('@')[0] ?? '';
  return [
    payer,
    ...record.transfers.map((t) => t.account),
    ...record.tokenTransfers.map((t) => t.account),
    ...record.nftTransfers.flatMap((t) => [t.sender, t.receiver].filter((party): party is string => party !== null)),
  ];
}

const TIMESTAMP_FILTER = /^(?:(eq|ne|lt|lte|gt|gte):)?(\d{1,10})(?:\.(\d{1,9}))?$/;

/** A `seconds.nanos` timestamp in nanoseconds. */
function timestampNs(timestamp: string): bigint {
  const [seconds = '0', nanos = '0'] = timestamp.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0'));
}

function compareTimestamps(a: string, b: string): number {
  const difference = timestampNs(a) - timestampNs(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** `timestamp` filters (`gt:1700000000.000000001`), as nanosecond bounds. */
function parseTimestampFilters(params: URLSearchParams): Filter[] {
  return params.getAll('timestamp').map((raw) => {
    const match = TIMESTAMP_FILTER.exec(raw);
    if (!match) throw new MirrorQueryError('timestamp');
    return { op: (match[1] ?? 'eq') as FilterOp, value: timestampNs(`${match[2]}.${match[3] ?? '0'}`) };
  });
}
