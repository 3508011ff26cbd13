/** zod schemas of the offer routes' bodies, paths and queries (the service checks amounts, expiries and traits). */
import * as z from 'zod';
import { decimalInputSchema, entityIdSchema, serialSchema, transactionIdSchema } from '@/lib/schemas';
import { MAX_ALLOWANCES_PER_TRANSACTION } from '@/features/allowances/allowance-rules';
import { MAX_OFFER_QUANTITY, OFFER_TIERS } from './offer-rules';

const offerId = z.uuid('must be an offer id');
/** PAWS per tiger, as the listing price is sent: a decimal string (or a number), checked by the PAWS price rules. */
const pawsAmount = decimalInputSchema;

const terms = {
  /** Chosen by the client for each new offer, so a repeated request makes it once. */
  offerId,
  buyerId: entityIdSchema,
  tokenId: entityIdSchema,
  pawsAmount,
  expiresAt: z.iso.datetime({ offset: true, message: 'must be a date and time like 2030-01-31T12:00:00Z' }),
  allowanceTransactionId: transactionIdSchema.optional(),
};

export const makeOfferBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), ...terms, serialNumber: serialSchema }),
  z.object({
    kind: z.literal('collection'),
    ...terms,
    quantity: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(MAX_OFFER_QUANTITY, `must be at most ${MAX_OFFER_QUANTITY}`).default(1),
    trait: z.object({ traitType: z.string().trim().min(1).max(64), value: z.string().trim().min(1).max(128) }).optional(),
    minTier: z.enum(OFFER_TIERS).optional(),
  }),
]);

export const offerPath = z.object({ id: offerId });

export const acceptOfferBody = z.object({ sellerId: entityIdSchema, serialNumber: serialSchema, approvalTransactionId: transactionIdSchema.optional() });

/** The tigers of a bulk acceptance, each to an offer (20 at most: one approval transaction), before anything is approved. */
export const acceptOffersCheckBody = z.object({
  sellerId: entityIdSchema,
  items: z
    .array(z.object({ offerId: z.uuid('must be an offer id'), serialNumber: serialSchema }))
    .min(1, 'must name at least one offer')
    .max(MAX_ALLOWANCES_PER_TRANSACTION, `must name at most ${MAX_ALLOWANCES_PER_TRANSACTION} tigers`)
    .refine((items) => new Set(items.map((item) => item.serialNumber)).size === items.length, 'must not name a tiger twice'),
});

/** Several of the owner's tigers sold at once, each to an offer, after one NFT approval for all of them. */
export const acceptOffersBody = acceptOffersCheckBody.extend({ approvalTransactionId: transactionIdSchema.optional() });

/** Up to 100 serials, comma-separated (a page of cards). */
export const bestOffersQuery = z.object({
  serials: z
    .string()
    .max(1_000)
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'must be up to 100 serial numbers separated by commas')
    .transform((value) => value.split(',').map(Number)),
});
