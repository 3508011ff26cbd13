import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollectionCatalog, catalogEntry } from '@/features/tiger/catalog-port';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader-port';
import { createListingRepo } from '@/features/paws-market/listing-repo';
import { createOwnedNftService } from '@/features/profile/owned-nfts';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';

const TOKEN = '0.0.7000333';
let store: MemoryStore;

beforeAll(async () => {
  store = await startMemoryStore();
});
afterAll(() => store?.stop());

const nft = (owner: string, serial: number): LedgerNft => ({
  tokenId: TOKEN,
  serial,
  owner,
  spender: null,
  delegatingSpender: null,
  metadata: `ipfs://meta/${serial}.json`,
  deleted: false,
});
const catalog: CollectionCatalog = {
  imageGateway: '',
  rarity: async () => ({ rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } }),
  // The name says which metadata the entry was read from: the account's NFTs carry it (no read per serial).
  entry: async (serial, heldMetadata) => ({ ...catalogEntry(serial, { uri: '', type: null }, EMPTY_RARITY), nftName: heldMetadata ?? 'read per serial' }),
};

const EMPTY_RARITY = { rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } };
const MARKETPLACE = '0.0.7000100';

describe('owned NFTs', () => {
  it('says which tigers the marketplace may still move, as the ledger says now (never from the stored copy)', async () => {
    const tableName = await store.newTable();
    let ledgerUp = true;
    const ledger = {
      async getAccountNfts(accountId: string) {
        if (!ledgerUp) throw new LedgerUnavailableError('mirror down');
        return [nft(accountId, 5), { ...nft(accountId, 9), spender: MARKETPLACE }, { ...nft(accountId, 11), spender: '0.0.999' }];
      },
    } as unknown as LedgerReader;
    const owned = createOwnedNftService({
      ledger,
      catalog,
      listings: createListingRepo(store.doc, tableName),
      doc: store.doc,
      tableName,
      nftTokenId: TOKEN,
      marketplaceAccountId: MARKETPLACE,
    });

    const fresh = await owned.list('0.0.1');
    expect(fresh.source).toBe('ledger');
    expect(fresh.nfts.map((entry) => [entry.serialNumber, entry.marketplaceApproved])).toEqual([
      [5, false],
      [9, true],
      [11, false],
    ]);
    expect(fresh.nfts.map((entry) => entry.nftName)).toEqual(['ipfs://meta/5.json', 'ipfs://meta/9.json', 'ipfs://meta/11.json']);

    ledgerUp = false;
    const copy = await owned.list('0.0.1');
    expect(copy.source).toBe('database-fallback');
    expect(copy.nfts.map((entry) => [entry.serialNumber, entry.marketplaceApproved])).toEqual([
      [5, false],
      [9, false],
      [11, false],
    ]);
    expect(copy.nfts.map((entry) => entry.nftName)).toEqual(['ipfs://meta/5.json', 'ipfs://meta/9.json', 'ipfs://meta/11.json']);
  });
});
