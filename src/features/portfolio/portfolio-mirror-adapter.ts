/**
 * The portfolio's ledger reads over the mirror node REST API (official shapes, v0.136):
 * `GET /api/v1/transactions?account.id=` (Transactions, pages of 100), `GET
 * /api/v1/tokens/{id}/nfts/{serial}/transactions` (NftTransactionHistory) and `GET
 * /api/v1/transactions/{id}` (TransactionDetail, with `assessed_custom_fees` and `charged_tx_fee`).
 * A transaction's detail never changes once on the mirror: each is read once per process.
 */
import * as z from 'zod';
import { isEntityId } from '@/features/ledger/entity-id';
import { LedgerBadResponseError, LedgerNotFoundError } from '@/features/ledger/errors';
import { toLedgerTransaction } from '@/features/ledger/mirror-adapter';
import { createMirrorHttp, type MirrorHttpOptions } from '@/features/ledger/mirror-http';
import { transactionByIdSchema } from '@/features/ledger/mirror-types';
import { toMirrorTransactionId } from '@/features/ledger/transaction-id';
import { createTtlCache } from '@/platform/ttl-cache';
import type { NftMove, PortfolioLedger, TradeTransaction, TransactionRef } from './portfolio-ledger-port';

const PAGE = 100;
/** A guard against a mirror node that keeps answering with a `links.next`. */
const MAX_PAGES = 200;
const DETAIL_TTL_MS = 24 * 60 * 60 * 1000;
const DETAILS_KEPT = 20_000;

const entityId = z.string().regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/);
const int64 = z.union([z.number().int(), z.bigint()]).transform((value) => BigInt(value));
const links = z.object({ next: z.string().nullable().optional() });
const listedTransaction = transactionByIdSchema.shape.transactions.element;

const transactionsPage = z.object({ transactions: z.array(listedTransaction), links });
const detailSchema = z.object({
  transactions: z.array(
    listedTransaction.extend({
      charged_tx_fee: int64.optional(),
      staking_reward_transfers: z.array(z.object({ account: entityId, amount: int64 })).optional(),
      assessed_custom_fees: z
        .array(
          z.object({
            amount: int64,
            collector_account_id: entityId,
            effective_payer_account_ids: z.array(entityId).optional(),
            token_id: entityId.nullable().optional(),
          }),
        )
        .optional(),
    }),
  ),
});
const historyPage = z.object({
  transactions: z.array(
    z.object({
      consensus_timestamp: z.string(),
      nonce: z.number().int().nonnegative(),
      receiver_account_id: entityId.nullable(),
      sender_account_id: entityId.nullable(),
      transaction_id: z.string(),
      type: z.string(),
    }),
  ),
  links,
});

/** The portfolio's reads over the mirror node at `options.baseUrl` (the sandbox serves the same REST). */
export function createPortfolioMirrorAdapter(options: MirrorHttpOptions): PortfolioLedger {
  const http = createMirrorHttp(options);
  const details = createTtlCache<TradeTransaction | null>(DETAIL_TTL_MS, { maxEntries: DETAILS_KEPT });

  async function read<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
    const response = await http.get(path);
    if (!response.found) return null;
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) throw new LedgerBadResponseError('Mirror node response does not match the documented shape', response.url);
    return parsed.data;
  }

  /** The items of the pages from `first` on, following `links.next` for at most `limit` pages; `more` when a next page was left. */
  async function pagesOf<S extends z.ZodType<{ links: { next?: string | null | undefined } }>, T>(
    first: string,
    schema: S,
    items: (page: z.output<S>) => T[],
    limit: number,
  ): Promise<{ all: T[]; more: boolean }> {
    const all: T[] = [];
    let path: string | null | undefined = first;
    for (let pages = 0; path; pages += 1) {
      if (pages >= limit) return { all, more: true };
      const page: z.output<S> | null = await read(path, schema);
      if (!page) throw new LedgerNotFoundError(first, []);
      all.push(...items(page));
      path = page.links.next;
    }
    return { all, more: false };
  }

  /** Every item of every page from `first` on. */
  async function allPages<S extends z.ZodType<{ links: { next?: string | null | undefined } }>, T>(
    first: string,
    schema: S,
    items: (page: z.output<S>) => T[],
  ): Promise<T[]> {
    const { all, more } = await pagesOf(first, schema, items, MAX_PAGES);
    if (more) throw new LedgerBadResponseError('Mirror node paging does not end', first);
    return all;
  }

  return {
    async accountNftTransactions(accountId, tokenId, after, pages) {
      if (after && !/^\d{1,10}\.\d{1,9}$/.test(after)) throw new TypeError(`Not a consensus timestamp: ${after}`);
      const since = after ? `&timestamp=gt:${after}` : '';
      const { all: listed, more } = await pagesOf(
        `/api/v1/transactions?account.id=${id(accountId)}&limit=${PAGE}&order=asc&result=success${since}`,
        transactionsPage,
        (page) => page.transactions,
        pages,
      );
      const refs = listed
        .filter((tx) =>
          (tx.nft_transfers ?? []).some((t) => t.token_id === tokenId && (t.sender_account_id === accountId || t.receiver_account_id === accountId)),
        )
        .map((tx) => ({ transactionId: tx.transaction_id, nonce: tx.nonce ?? 0, consensusTimestamp: tx.consensus_timestamp }));
      return { refs, through: listed.at(-1)?.consensus_timestamp ?? after ?? null, more };
    },

    async nftHistory(tokenId, serial) {
      const moves = await allPages(
        `/api/v1/tokens/${id(tokenId)}/nfts/${serial}/transactions?limit=${PAGE}&order=asc`,
        historyPage,
        (page) => page.transactions,
      );
      return moves.map(
        (move): NftMove => ({
          transactionId: move.transaction_id,
          consensusTimestamp: move.consensus_timestamp,
          nonce: move.nonce,
          sender: move.sender_account_id,
          receiver: move.receiver_account_id,
          type: move.type,
        }),
      );
    },

    async transactionDetail(ref: TransactionRef) {
      const mirrorId = toMirrorTransactionId(ref.transactionId);
      if (!mirrorId) throw new TypeError(`Not a transaction id: ${ref.transactionId}`);
      const key = `${mirrorId}/${ref.nonce}`;
      const detail = await details.get(key, async () => {
        const body = await read(`/api/v1/transactions/${mirrorId}?nonce=${ref.nonce}`, detailSchema);
        const match = body?.transactions.find((tx) => toMirrorTransactionId(tx.transaction_id) === mirrorId && (tx.nonce ?? 0) === ref.nonce);
        if (!match) return null;
        return {
          ...toLedgerTransaction(match),
          chargedTxFee: match.charged_tx_fee ?? 0n,
          assessedCustomFees: (match.assessed_custom_fees ?? []).map((fee) => ({
            amount: fee.amount,
            collector: fee.collector_account_id,
            payers: fee.effective_payer_account_ids ?? [],
            tokenId: fee.token_id ?? null,
          })),
          stakingRewards: (match.staking_reward_transfers ?? []).map((reward) => ({ account: reward.account, amount: reward.amount })),
        };
      });
      // Not on the mirror yet: asked again next time, not remembered as absent.
      if (!detail) details.delete(key);
      return detail;
    },
  };
}

function id(entityId: string): string {
  if (!isEntityId(entityId)) throw new TypeError(`Not a shard.realm.num id: ${entityId}`);
  return entityId;
}
