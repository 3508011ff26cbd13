import { createAuthStore } from '../features/auth/auth-store';
import { createSessions } from '../features/auth/sessions';
import type { LedgerReader } from '../features/ledger/ledger-reader';
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
