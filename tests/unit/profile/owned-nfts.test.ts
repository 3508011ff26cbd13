import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionCatalog } from '@/features/tiger/catalog';
import { LedgerUnavailableError } from '@/features/ledger/errors';
import type { LedgerNft, LedgerReader } from '@/features/ledger/ledger-reader';
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
  metadata: '',
  deleted: false,
});
const catalog: CollectionCatalog = {
  imageGateway: '',
  rarity: async () => ({ rarityData: {}, stats: { totalNFTs: 0, coveragePercentage: 0 } }),
  entry: async () => undefined,
};

describe('owned NFTs: held serials of many accounts', () => {
  it('reads the stored copy first, else the ledger (keeping a copy), and leaves out accounts neither answers for', async () => {
    const tableName = await store.newTable();
    const holdings: Record<string, number[]> = { '0.0.1': [5, 9], '0.0.2': [7], '0.0.3': [] };
    const ledgerReads: string[] = [];
    let ledgerUp = true;
    const ledger = {
      async getAccountNfts(accountId: string) {
        ledgerReads.push(accountId);
        if (!ledgerUp || !(accountId in holdings)) throw new LedgerUnavailableError('mirror down');
        return (holdings[accountId] ?? []).map((serial) => nft(accountId, serial));
      },
    } as unknown as LedgerReader;
    const owned = createOwnedNftService({ ledger, catalog, listings: createListingRepo(store.doc, tableName), doc: store.doc, tableName, nftTokenId: TOKEN });

    await owned.list('0.0.1');
    holdings['0.0.1'] = [5, 9, 11];
    ledgerReads.length = 0;
    const held = await owned.heldSerials(['0.0.1', '0.0.2', '0.0.3', '0.0.404', '0.0.1']);
    expect(Object.fromEntries(held)).toEqual({ '0.0.1': [5, 9], '0.0.2': [7], '0.0.3': [] });
    expect(ledgerReads.sort()).toEqual(['0.0.2', '0.0.3', '0.0.404']);

    ledgerUp = false;
    expect(Object.fromEntries(await owned.heldSerials(['0.0.2', '0.0.3']))).toEqual({ '0.0.2': [7], '0.0.3': [] });
  });
});
