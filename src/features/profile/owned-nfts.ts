import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mapConcurrently } from '../../lib/concurrency';
import { DomainError } from '../../lib/domain-error';
import { log } from '../../server/log';
import type { CollectionCatalog } from '../tiger/catalog';
import type { LedgerReader } from '../ledger/ledger-reader';
import { awaitAllSettled } from '../ledger/transaction-confirmation';
import type { ListingRepo } from '../paws-market/listing-repo';

export interface OwnedNft {
  id: string;
  tokenId: string;
  serialNumber: number;
  nftName: string;
  nftImage: string;
  metadata: string;
  isListed: boolean;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: { trait_type: string; value: string }[];
}

export interface OwnedNftsAnswer {
  success: true;
  nfts: OwnedNft[];
  /** True when read from the ledger just now; false for the stored copy. */
  verified: boolean;
  source: 'ledger' | 'database-fallback';
  syncedAt: string | null;
}

/** How many accounts without a stored copy are read from the ledger at once. */
const LEDGER_READ_CONCURRENCY = 6;
/** How long a sync waits for the user's recent transactions on the mirror node, and what it keeps back to read and answer. */
const SYNC_WAIT = { maxWaitMs: 10_000, reserveMs: 2_500 } as const;

const copyKey = (accountId: string) => ({ pk: `OWNED#${accountId}`, sk: 'NFTS' });

/** The tigers an account owns: from the ledger when it answers, else the last stored copy. */
export function createOwnedNftService(deps: {
  ledger: LedgerReader;
  catalog: CollectionCatalog;
  listings: ListingRepo;
  doc: DynamoDBDocumentClient;
  tableName: string;
  nftTokenId: string;
  now?: () => number;
}) {
  const { ledger, catalog, listings, doc, tableName, nftTokenId, now = Date.now } = deps;

  async function describe(accountId: string, serials: { serial: number; metadata: string }[]): Promise<OwnedNft[]> {
    const listed = new Set(
      (await listings.sellerListings(accountId)).filter((l) => l.status === 'active' || l.status === 'claimed').map((l) => l.serialNumber),
    );
    return Promise.all(
      serials.map(async ({ serial, metadata }) => {
        const entry = await catalog.entry(serial);
        return {
          id: `${nftTokenId}-${serial}`,
          tokenId: nftTokenId,
          serialNumber: serial,
          nftName: entry?.nftName ?? `Wild Tiger #${serial}`,
          nftImage: entry?.nftImage ?? '',
          metadata,
          isListed: listed.has(serial),
          rarityRank: entry?.rarityRank ?? null,
          rarityPct: entry?.rarityPct ?? null,
          rarityScore: entry?.rarityScore ?? null,
          traits: entry?.traits ?? [],
        };
      }),
    );
  }

  async function fromLedger(accountId: string) {
    const nfts = await ledger.getAccountNfts(accountId, nftTokenId);
    return nfts.filter((nft) => !nft.deleted).map((nft) => ({ serial: nft.serial, metadata: nft.metadata }));
  }

  async function storeCopy(accountId: string, serials: { serial: number; metadata: string }[]): Promise<string> {
    const syncedAt = new Date(now()).toISOString();
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...copyKey(accountId), accountId, serials, syncedAt } }));
    return syncedAt;
  }

  return {
    async list(accountId: string): Promise<OwnedNftsAnswer> {
      try {
        const serials = await fromLedger(accountId);
        const syncedAt = await storeCopy(accountId, serials);
        return { success: true, nfts: await describe(accountId, serials), verified: true, source: 'ledger', syncedAt };
      } catch (error) {
        log.warn('owned NFTs: ledger read failed, using the stored copy', { accountId, error });
        const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: copyKey(accountId) }));
        const serials = (Item?.serials as { serial: number; metadata: string }[] | undefined) ?? [];
        return {
          success: true,
          nfts: await describe(accountId, serials),
          verified: false,
          source: 'database-fallback',
          syncedAt: (Item?.syncedAt as string) ?? null,
        };
      }
    },

    /**
     * The serials each account holds, for summaries of many accounts (public profiles): the stored
     * copy, else the ledger (keeping a copy). Accounts neither source answers for are left out.
     */
    async heldSerials(accountIds: readonly string[]): Promise<Map<string, number[]>> {
      const held = new Map<string, number[]>();
      const unique = [...new Set(accountIds)];
      for (let start = 0; start < unique.length; start += 100) {
        let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map(copyKey);
        while (keys?.length) {
          const answer: BatchGetCommandOutput = await doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
          for (const item of answer.Responses?.[tableName] ?? []) {
            held.set(
              String(item.accountId),
              ((item.serials as { serial: number }[] | undefined) ?? []).map((entry) => entry.serial),
            );
          }
          keys = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      const missing = unique.filter((id) => !held.has(id));
      await mapConcurrently(missing.length, LEDGER_READ_CONCURRENCY, async (index) => {
        const accountId = missing[index] as string;
        try {
          const serials = await fromLedger(accountId);
          await storeCopy(accountId, serials);
          held.set(
            accountId,
            serials.map((entry) => entry.serial),
          );
        } catch (error) {
          log.warn('owned NFTs: no copy and no ledger answer', { accountId, error });
        }
      });
      return held;
    },

    /** Re-reads the ledger for the signed-in owner, once the mirror node shows its `afterTransactionIds`, and keeps the copy. */
    async sync(sessionAccountId: string, accountId: string, afterTransactionIds: readonly string[] = []) {
      if (sessionAccountId !== accountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only sync your own tigers');
      await awaitAllSettled(ledger, afterTransactionIds, SYNC_WAIT);
      const serials = await fromLedger(accountId);
      const syncedAt = await storeCopy(accountId, serials);
      return { success: true, count: serials.length, syncedAt, nfts: await describe(accountId, serials) };
    },
  };
}
