/**
 * The profile's own writes, shown as every write is (the tray of writes in progress): setting a
 * tiger as the profile image, and reading the holder's tigers from the ledger again ('Verify
 * Ownership'). Each waits first for the holder's recent trades to show on the ledger; each runs to
 * its end whether or not its panel stays in view, and ends in the spec's toast (spec 001 §8).
 */
import { errorText } from '@/lib/api/error-text';
import { LedgerStillPending } from '@/features/ledger/ledger-wait-client';
import { toast } from '@/features/toast/toast-store';
import { tryAgainAfter } from '@/features/toast/try-again';
import { runWrite } from '@/features/writes/run-write';
import { dismissWrite, updateWrite } from '@/features/writes/write-progress';
import type { OwnedNft } from '@/features/accounts/account-types';
import { awaitsLedger, saveProfile } from './profile-client';
import { verifyOwnership } from '@/features/accounts/holdings-client';
import { PROFILE_MESSAGES } from './profile-rules';

/** The write of the profile image change of `accountId`. */
export const avatarWriteId = (accountId: string) => `profile-avatar:${accountId}`;
/** The write of the ownership check of `accountId`. */
export const syncWriteId = (accountId: string) => `profile-sync:${accountId}`;

interface ProfileWrite {
  id: string;
  accountId: string;
  title: string;
  serial: number | null;
  /** What it does, as its one step. */
  step: string;
  run: () => Promise<void>;
  succeeded: { title: string; description: string };
  failed: { title: string; fallback: string; what: string };
}

/** Runs a profile write to its end (one already under way is left to go on): its toast says how it ended; a long wait for the ledger offers 'Check again'. */
async function runProfileWrite(write: ProfileWrite): Promise<void> {
  // Waiting for the holder's recent trades to show on the ledger first, with the time it takes.
  const waitStep = () => (awaitsLedger(write.accountId) ? 'ledger' : 'prepare');
  await runWrite(
    { id: write.id, accountId: write.accountId, title: write.title, serial: write.serial, steps: [write.step], step: waitStep() },
    {
      async run() {
        updateWrite(write.id, waitStep());
        try {
          await write.run();
        } catch (failure) {
          if (failure instanceof LedgerStillPending) throw failure;
          // A profile write ends in its toast, with Try Again where it helps; nothing stays in the tray.
          dismissWrite(write.id);
          toast({
            title: write.failed.title,
            description: errorText(failure, write.failed.fallback),
            variant: 'destructive',
            action: tryAgainAfter(failure, () => void runProfileWrite(write), write.failed.what),
          });
          return;
        }
        dismissWrite(write.id);
        toast(write.succeeded);
      },
      fallback: write.failed.fallback,
    },
  );
}

/** Sets `nft` as the profile image of the signed-in `accountId` (one change at a time). */
export function startAvatarChange(accountId: string, nft: Pick<OwnedNft, 'serialNumber' | 'nftName'>): Promise<void> {
  return runProfileWrite({
    id: avatarWriteId(accountId),
    accountId,
    title: `Setting ${nft.nftName} as your profile image`,
    serial: nft.serialNumber,
    step: 'Save your profile image',
    run: () => saveProfile({ avatarNftSerial: nft.serialNumber }).then(() => undefined),
    succeeded: { title: 'Profile Image Updated', description: `${nft.nftName} is your profile image.` },
    failed: { title: 'Failed to set profile image', fallback: PROFILE_MESSAGES.nftNotFound, what: 'setting your profile image' },
  });
}

/** Reads the tigers of the signed-in `accountId` from the ledger again (one check at a time). */
export function startOwnershipSync(accountId: string): Promise<void> {
  return runProfileWrite({
    id: syncWriteId(accountId),
    accountId,
    title: 'Verifying your tigers on the ledger',
    serial: null,
    step: 'Read your tigers from the ledger',
    run: () => verifyOwnership(accountId),
    succeeded: { title: 'Ownership Verified', description: 'Your tigers were read from the Hedera ledger.' },
    failed: { title: 'Sync Failed', fallback: 'Failed to sync NFTs', what: 'syncing your tigers' },
  });
}
