import * as z from 'zod';

/** A Hedera account or token id in shard.realm.num form, as the product uses them (0.0.N). */
export const entityIdSchema = z
  .string()
  .max(24)
  .regex(/^0\.0\.\d{1,10}$/, 'must be a Hedera id like 0.0.1234');

/** An amount as a client sends it: a decimal string (or a number, kept as its string), checked by the rules of its use. */
export const decimalInputSchema = /* @__PURE__ */ z.union([z.string().max(40), z.number()]).transform((value) => String(value));

/** An NFT serial number of the collection. */
export const serialSchema = z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(1_000_000_000);

/** A transaction id, in the SDK's form (0.0.5@1700000000.000000001) or the mirror node's (0.0.5-1700000000-000000001). */
// Pure: bundles of the routes that read no transaction id leave it out.
export const transactionIdSchema = /* @__PURE__ */ z
  .string()
  .max(64)
  .regex(/^0\.0\.\d{1,10}(@\d{1,19}\.\d{1,9}|-\d{1,19}-\d{1,9})$/, 'must be a transaction id like 0.0.1234@1700000000.000000001');
