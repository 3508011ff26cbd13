import * as z from 'zod';
import { entityIdSchema, serialSchema, transactionIdSchema } from '@/lib/schemas';
import { BIO_MAX, PROFILE_MESSAGES, SEARCH_MAX, TWITTER_HANDLE, USERNAME_MAX, hasControlCharacters } from './profile-rules';
import { PROFILE_NAMES_MAX } from '@/features/accounts/account-types';

/** Empty text clears a field (stored as null). */
const emptyToNull = (text: string) => (text === '' ? null : text);

/** POST /api/profile: the account plus any of the editable fields (text trimmed, otherwise stored as given). */
export const profileUpdateSchema = z.object({
  accountId: entityIdSchema,
  username: z
    .string()
    .trim()
    .max(USERNAME_MAX, PROFILE_MESSAGES.usernameTooLong)
    .refine((text) => !hasControlCharacters(text), PROFILE_MESSAGES.usernameControl)
    .transform(emptyToNull)
    .nullable()
    .optional(),
  bio: z
    .string()
    .trim()
    .max(BIO_MAX, PROFILE_MESSAGES.bioTooLong)
    .refine((text) => !hasControlCharacters(text, true), PROFILE_MESSAGES.bioControl)
    .transform(emptyToNull)
    .nullable()
    .optional(),
  twitterHandle: z
    .string()
    .trim()
    .refine((text) => text === '' || TWITTER_HANDLE.test(text), PROFILE_MESSAGES.handleInvalid)
    .transform((text) => emptyToNull(text.replace(/^@/, '')))
    .nullable()
    .optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
  pnlPublic: z.boolean({ error: 'pnlPublic must be true or false' }).optional(),
  avatarNftSerial: serialSchema.nullable().optional(),
  afterTransactionIds: recentTransactions(),
});

/**
 * The user's recent transactions the mirror node may not show yet (a purchase just made): the
 * server waits for them before it reads the tigers the account holds.
 */
function recentTransactions() {
  return z.array(transactionIdSchema).max(5, 'At most 5 transactions').optional();
}

/** POST /api/profile/{accountId}/sync-nfts: no body, or the recent transactions to wait for first. */
export const syncBodySchema = z.object({ afterTransactionIds: recentTransactions() }).optional();

/** GET /api/public-profiles?search= */
export const publicProfilesQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, `Search must be ${SEARCH_MAX} characters or fewer`).optional(),
});

/** GET /api/profile-names?ids=0.0.1,0.0.2: the accounts a page shows, each once, at most PROFILE_NAMES_MAX. */
export const profileNamesQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .max(PROFILE_NAMES_MAX * 25, `At most ${PROFILE_NAMES_MAX} account ids`)
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(entityIdSchema).min(1, 'At least one account id').max(PROFILE_NAMES_MAX, `At most ${PROFILE_NAMES_MAX} account ids`)),
});
