import { createAuthStore } from '../features/auth/auth-store';
import { createSessions } from '../features/auth/sessions';
import type { CollectionCatalog } from '../features/collection/catalog';
import { IPFS_GATEWAYS } from '../features/collection/ipfs';
import { createMetadataCatalog } from '../features/collection/metadata-catalog';
import { createSandboxCatalog } from '../features/collection/sandbox-catalog';
import type { LedgerReader } from '../features/ledger/ledger-reader';
import type { LedgerWriter } from '../features/ledger/ledger-writer';
import { createMirrorLedgerReader } from '../features/ledger/mirror-client';
import { config } from './config';
import { requiredSecret } from './secrets';
import { documentClient, tableName } from './store/client';

/** Builds a process-wide singleton on first use (a Lambda keeps it across warm invocations). */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The ledger-read port: the mirror node REST adapter (the sandbox serves the same REST). */
export const ledgerReader = once<LedgerReader>(() => createMirrorLedgerReader({ baseUrl: config().mirrorNodeUrl }));

export const authStore = once(() => createAuthStore(documentClient(), tableName()));

export const sessionSecret = () => requiredSecret('SESSION_SECRET');

export const sessions = once(() => createSessions({ store: authStore(), sessionSecret }));

/** The ledger-write port: the sandbox ledger locally, the SDK with the marketplace operator key on mainnet. */
export const ledgerWriter = once(async (): Promise<LedgerWriter> => {
  const settings = config();
  if (settings.network === 'sandbox') {
    const [{ createSandboxLedgerWriter }, { sandboxLedger }] = await Promise.all([
      import('../features/ledger/sandbox/sandbox-writer'),
      import('./sandbox'),
    ]);
    return createSandboxLedgerWriter({ ledger: sandboxLedger() });
  }
  const { createSdkLedgerWriter } = await import('../features/ledger/sdk-writer');
  return createSdkLedgerWriter({ network: 'mainnet', operatorAccountId: settings.marketplaceAccountId, operatorKey: await requiredSecret('OPERATOR_KEY') });
});

/** The collection catalog: generated sandbox metadata locally; ledger + IPFS metadata and the published rarity on mainnet. */
export const collectionCatalog = once((): CollectionCatalog => {
  const settings = config();
  if (settings.network === 'sandbox') return createSandboxCatalog();
  return createMetadataCatalog({
    ledger: ledgerReader(),
    nftTokenId: settings.nftTokenId,
    rarityUrl: `${settings.siteOrigin}/data/rarity.json`,
    gateways: IPFS_GATEWAYS,
  });
});
