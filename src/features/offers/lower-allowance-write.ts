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
import { beginWrite, isUnderWay, updateWrite } from '@/features/writes/write-progress';
import { lowerAllowanceWriteId } from './offer-screen-rules';
import { prepareTokenAllowance } from '@/features/paws-market/paws-client';
import { runWritePart } from '@/features/paws-market/retry-rules';

type AllowanceAction = Extract<PendingAction, { kind: 'allowance' }>;

const LOWER_STEPS = ['Prepare the approval', 'Approve the lower allowance in your wallet', 'Confirm on the ledger'] as const;
const FAILED = 'Token allowance approval failed';

function begin(buyerId: string, amount: string): string {
  const id = lowerAllowanceWriteId(buyerId);
  beginWrite({ id, accountId: buyerId, title: `Lowering your PAWS allowance to ${formatPaws(amount)} PAWS`, serial: null, steps: LOWER_STEPS, amount });
  return id;
}

/** Lowers what the marketplace may spend of `buyerId`'s PAWS to `amount`; a lowering already under way is left to go on. */
export async function startLowerAllowance(buyerId: string, amount: string): Promise<void> {
  if (isUnderWay($writes.get()[lowerAllowanceWriteId(buyerId)])) return;
  const id = begin(buyerId, amount);
  await runWritePart(
    id,
    async () => {
      const prepared = await prepareTokenAllowance(buyerId, amount);
      updateWrite(id, 'wallet');
      const action: AllowanceAction = { kind: 'allowance', accountId: buyerId, transactionId: prepared.transactionId, amount };
      const signed = await signKept(action, prepared.transactionBytes, 'paws-allowance', { what: FAILED, goesOn: 'the allowance is lowered' });
      await confirmLowered(id, { ...action, transactionId: signed.transactionId }, signed.late);
    },
    FAILED,
  );
}

/** Follows the approval on the ledger: 'Allowance Lowered' once it succeeded. */
async function confirmLowered(id: string, action: AllowanceAction, late: KeptSignature['late'] = null): Promise<void> {
  updateWrite(id, 'ledger', { note: late?.note ?? null });
  await runWritePart(
    id,
    async () => {
      await confirmKept(action.transactionId, FAILED, late?.untilMs);
      updateWrite(id, 'done', { transactionId: action.transactionId });
      toast({ title: 'Allowance Lowered', description: `The marketplace may now spend ${formatPaws(action.amount)} PAWS of yours.` });
    },
    FAILED,
  );
}

/** Follows a lowering of `buyerId`'s allowance left waiting for the ledger (a reload, another page). */
export function resumeAllowances(buyerId: string): void {
  const action = pendingActions('allowance', buyerId).at(-1);
  if (!action || isUnderWay($writes.get()[lowerAllowanceWriteId(buyerId)])) return;
  void confirmLowered(begin(buyerId, action.amount), action);
}
