import { LedgerError } from '../../features/ledger/errors';

/** The sandbox log or state contradicts itself (a gap in sequence numbers, an entry that cannot apply). */
export class SandboxLogError extends LedgerError {
  readonly code = 'SANDBOX_LOG_INCONSISTENT';
  override readonly name = 'SandboxLogError';
}
