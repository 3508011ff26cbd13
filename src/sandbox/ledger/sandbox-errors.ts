/** The sandbox log or state contradicts itself (a gap in sequence numbers, an entry that cannot apply): a bug, never a user's error. */
export class SandboxLogError extends Error {
  readonly code = 'SANDBOX_LOG_INCONSISTENT';
  override readonly name = 'SandboxLogError';
}
