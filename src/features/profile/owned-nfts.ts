import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@/lib/domain-error';
import { log } from '@/platform/log';
import type { CollectionCatalog } from '@/features/tiger/catalog-port';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { RecentTrades } from '@/features/paws-market/recent-trades';
import { awaitAllSettled } from '@/features/ledger/transaction-confirmation';
import type { ListingRepo } from '@/features/paws-market/listing-repo';
import { keys } from '@/platform/store/keys';
import type { OwnedNft, OwnedNftsAnswer } from '@/features/accounts/account-types';

/** How long a sync waits for the user's recent transactions on the mirror node, and what it keeps back to read and answer. */
const SYNC_WAIT = { maxWaitMs: 10_000, reserveMs: 2_500 } as const;

const copyKey = keys.ownedCopy;

/** One owned serial as read: its metadata, and its per-serial spender when read from the ledger. */
interface HeldSerial {
  serial: number;
  metadata: string;
  spender?: string | null;
}

/** The tigers an account owns: from the ledger when it answers, else the last stored copy. */
export function createOwnedNftService(deps: {
  ledger: LedgerReader;
  catalog: CollectionCatalog;
  listings: ListingRepo;
  doc: DynamoDBDocumentClient;
  tableName: string;
  nftTokenId: string;
  /** The PAWS marketplace's account (the spender of listed tigers). */
  marketplaceAccountId: string;
  /** The market's sales the mirror does not show yet (`recent-trades.ts`): bought tigers shown at once, sold ones gone. */
  recent?: Pick<RecentTrades, 'holdingsOf'>;
  now?: () => number;
}) {
  const { ledger, catalog, listings, doc, tableName, nftTokenId, marketplaceAccountId, recent, now = Date.now } = deps;

  async function describe(accountId: string, serials: HeldSerial[]): Promise<OwnedNft[]> {
    const listed = new Set(
      (await listings.sellerListings(accountId)).filter((l) => l.status === 'active' || l.status === 'claimed').map((l) => l.serialNumber),
    );
    return Promise.all(
      serials.map(async ({ serial, metadata, spender }) => {
        const entry = await catalog.entry(serial, metadata);
        return {
          id: `${nftTokenId}-${serial}`,
          tokenId: nftTokenId,
          serialNumber: serial,
          nftName: entry?.nftName ?? `Wild Tiger #${serial}`,
          nftImage: entry?.nftImage ?? '',
          metadata,
          isListed: listed.has(serial),
          marketplaceApproved: spender === marketplaceAccountId,
          rarityRank: entry?.rarityRank ?? null,
          rarityPct: entry?.rarityPct ?? null,
          rarityScore: entry?.rarityScore ?? null,
          traits: entry?.traits ?? [],
        };
      }),
    );
  }

  async function fromLedger(accountId: string): Promise<HeldSerial[]> {
    const nfts = await ledger.getAccountNfts(accountId, nftTokenId);
    const held = nfts.filter((nft) => !nft.deleted).map((nft) => ({ serial: nft.serial, metadata: nft.metadata, spender: nft.spender }));
    if (!recent) return held;
    try {
      return await withRecentTrades(accountId, held, recent);
    } catch (error) {
      log.warn('owned NFTs: recent sales unread, the mirror’s holding shown', { accountId, error });
      return held;
    }
  }

  /** The mirror's holding with the sales it does not show yet: a tiger bought comes without the seller's approval (a transfer clears it). */
  async function withRecentTrades(accountId: string, held: HeldSerial[], trades: Pick<RecentTrades, 'holdingsOf'>): Promise<HeldSerial[]> {
    const { serials, bought } = await trades.holdingsOf(
      accountId,
      held.map((nft) => nft.serial),
    );
    const added = await Promise.all(bought.map((serial) => ledger.getNft(nftTokenId, serial)));
    return [
      ...held.filter((nft) => serials.includes(nft.serial)),
      ...added.flatMap((nft) => (nft && !nft.deleted ? [{ serial: nft.serial, metadata: nft.metadata, spender: null }] : [])),
    ];
  }

  /** Keeps the serials and their metadata (a spender is only ever reported as the ledger says it now). */
  async function storeCopy(accountId: string, serials: HeldSerial[]): Promise<string> {
    const syncedAt = new Date(now()).toISOString();
    const copy = serials.map(({ serial, metadata }) => ({ serial, metadata }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...copyKey(accountId), accountId, serials: copy, syncedAt } }));
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
        const serials = (Item?.serials as HeldSerial[] | undefined) ?? [];
        return {
          success: true,
          nfts: await describe(accountId, serials),
          verified: false,
          source: 'database-fallback',
          syncedAt: (Item?.syncedAt as string) ?? null,
        };
      }
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
