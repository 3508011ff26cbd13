/**
 * Lowering a buyer's PAWS allowance to what their open offers still reserve (after a cancelled
 * offer), as a write of its own: the wallet approves the lower amount and the ledger confirms it.
 * It runs to its end whether or not its dialog stays open, shown in the tray; an approval left
 * waiting for the ledger is followed from its pending action (resumeAllowances).
 */
import { formatPaws } from '@/lib/format';
import { type PendingAction, pendingActions } from '@/features/ledger/kept-transactions';
import { toast } from '@/features/toast/toast-store';
import { type KeptSignature, confirmKept, signKept } from '@/features/writes/kept-signature';
import { $writes } from '@/features/writes/write-store';
import { runWrite } from '@/features/writes/run-write';
import { isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { lowerAllowanceWriteId } from './offer-screen-rules';
import { prepareTokenAllowance } from '@/features/paws-market/paws-client';

type AllowanceAction = Extract<PendingAction, { kind: 'allowance' }>;

const LOWER_STEPS = ['Prepare the approval', 'Approve the lower allowance in your wallet', 'Confirm on the ledger'] as const;
const FAILED = 'Token allowance approval failed';

/** The lowering of `buyerId`'s allowance to `amount`, as it shows when it begins. */
const lowerStart = (buyerId: string, amount: string) => ({
  id: lowerAllowanceWriteId(buyerId),
  accountId: buyerId,
  title: `Lowering your PAWS allowance to ${formatPaws(amount)} PAWS`,
  serial: null,
  steps: LOWER_STEPS,
  amount,
});

/** Lowers what the marketplace may spend of `buyerId`'s PAWS to `amount`; a lowering already under way is left to go on. */
export async function startLowerAllowance(buyerId: string, amount: string): Promise<void> {
  const start = lowerStart(buyerId, amount);
  await runWrite(start, {
    async run() {
      const prepared = await prepareTokenAllowance(buyerId, amount);
      updateWrite(start.id, 'wallet');
      const action: AllowanceAction = { kind: 'allowance', accountId: buyerId, transactionId: prepared.transactionId, amount };
      const signed = await signKept(action, prepared.transactionBytes, 'paws-allowance', { what: FAILED, goesOn: 'the allowance is lowered' });
      await confirmLowered({ ...action, transactionId: signed.transactionId }, signed.late);
    },
    fallback: FAILED,
  });
}

/** Follows the approval on the ledger: 'Allowance Lowered' once it succeeded. */
function confirmLowered(action: AllowanceAction, late: KeptSignature['late'] = null): Promise<void> {
  const start = lowerStart(action.accountId, action.amount);
  return runWrite(
    start,
    {
      async run() {
        updateWrite(start.id, 'ledger', { note: late?.note ?? null });
        await confirmKept(action.transactionId, FAILED, late?.untilMs);
        updateWrite(start.id, 'done', { transactionId: action.transactionId });
        toast({ title: 'Allowance Lowered', description: `The marketplace may now spend ${formatPaws(action.amount)} PAWS of yours.` });
      },
      fallback: FAILED,
    },
    { follow: true },
  );
}

/** Follows a lowering of `buyerId`'s allowance left waiting for the ledger (a reload, another page). */
export function resumeAllowances(buyerId: string): void {
  const action = pendingActions('allowance', buyerId).at(-1);
  if (!action || isUnderWay($writes.get()[lowerAllowanceWriteId(buyerId)])) return;
  void confirmLowered(action);
}
