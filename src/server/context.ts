import { createAuthStore } from '../features/auth/auth-repo';
import { createSessions } from '../features/auth/sessions';
import type { CollectionCatalog } from '../features/tiger/catalog';
import { IPFS_GATEWAYS } from '../features/tiger/ipfs';
import { createMetadataCatalog } from '../features/tiger/metadata-catalog';
import type { LedgerReader } from '../features/ledger/ledger-reader';
import { createMirrorLedgerReader } from '../features/ledger/mirror-client';
import { config } from './config';
import { requiredSecret } from './secrets';
import { documentClient, tableName } from './store/client';

/** Builds a process-wide singleton on first use (a Lambda keeps it across warm invocations). */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The ledger-read port: the mirror node REST adapter (the sandbox serves the same REST). */
export const ledgerReader = once<LedgerReader>(() => createMirrorLedgerReader({ baseUrl: config().mirrorNodeUrl }));

export const authStore = once(() => createAuthStore(documentClient(), tableName()));

export const sessionSecret = () => requiredSecret('SESSION_SECRET');

export const sessions = once(() => createSessions({ store: authStore(), sessionSecret }));

/** The collection catalog: generated sandbox metadata locally; ledger + IPFS metadata and the published rarity on mainnet. */
export const collectionCatalog = once((): CollectionCatalog => {
  const settings = config();
  if (process.env.WILD_TIGERS_BUNDLE !== 'lambda' && settings.network === 'sandbox') {
    const sandbox = import('../sandbox/collection/sandbox-catalog').then((module) => module.createSandboxCatalog());
    return { rarity: async () => (await sandbox).rarity(), entry: async (serial) => (await sandbox).entry(serial) };
  }
  return createMetadataCatalog({
    ledger: ledgerReader(),
    nftTokenId: settings.nftTokenId,
    rarityUrl: `${settings.siteOrigin}/data/rarity.json`,
    gateways: IPFS_GATEWAYS,
  });
});
