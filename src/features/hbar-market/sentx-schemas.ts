/** The SentX API's response shapes (reference/README.md), validated before anything is used. */
import * as z from 'zod';

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
/** Metadata arrives as JSON text; an object is turned into that text. */
const metadata = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value) => (value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value)));
const serial = z.coerce.number().int().positive();

/** A `success: false` answer with the market's reason. */
export const refusalSchema = z.object({ success: z.literal(false), apimessage: z.string().min(1) });

/**
 * The currency of a SentX price: `salePriceSymbol` ("HBAR" for HBAR) and `paymentToken`
 * (`address` null for HBAR). Absent on older rows, which were all HBAR.
 */
const currency = {
  salePriceSymbol: z.string().nullish(),
  paymentToken: z.object({ address: z.string().nullish(), symbol: z.string().nullish() }).nullish(),
};

/** True when a row's price is in HBAR (not in a token such as PAWS). */
export function pricedInHbar(row: { salePriceSymbol?: string | null; paymentToken?: { address?: string | null; symbol?: string | null } | null }): boolean {
  const symbol = row.salePriceSymbol ?? row.paymentToken?.symbol;
  return (symbol == null || symbol.toUpperCase() === 'HBAR') && !row.paymentToken?.address;
}

/** A page envelope whose rows are checked one by one (a malformed row is skipped, not the page). */
export const activityPageSchema = z.object({ success: z.literal(true), marketActivity: z.array(z.unknown()) });

export const saleRowSchema = z.object({
  saletype: z.string(),
  salePrice: z.number().nonnegative(),
  saleDate: z.string().min(1),
  buyerAddress: z.string().nullable(),
  sellerAddress: z.string().nullable(),
  nftTokenAddress: z.string(),
  nftSerialId: serial,
  nftName: text,
  nftImage: text,
  nftMetadata: metadata,
  buyerNickname: z.string().nullish(),
  sellerNickname: z.string().nullish(),
  ...currency,
});

export const listingsPageSchema = z.object({ success: z.literal(true), marketListings: z.array(z.unknown()) });

export const listingRowSchema = z.object({
  marketplaceListingId: z.coerce.number().int(),
  serialId: serial,
  nftSerialId: serial.optional(),
  sellerAddress: z.string(),
  salePrice: z.number().nonnegative(),
  listingDate: z.string().min(1),
  nftName: text,
  nftImage: text,
  nftMetadata: metadata,
  /** SentX sends 1/0. */
  isAvailableForPurchase: z.union([z.boolean(), z.number()]).transform((value) => value === true || value === 1),
  ...currency,
});

export const floorSchema = z.object({ success: z.literal(true), floor: z.number().nonnegative().nullable() });

export const tokenStatsSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      datetime: z.string().min(1),
      volume: z.number(),
      floor: z.number().nullable(),
      avgSale: z.number(),
      sales: z.number().int(),
      listings: z.number().int(),
    }),
  ),
});

export const ownersSchema = z.object({ ownerCount: z.number().int().nonnegative(), nftCount: z.number().int().nonnegative() });

export const buyNftSchema = z.object({
  success: z.literal(true),
  apimessage: text,
  saleVerificationCode: z.string().min(1),
  transBytes: z.object({ type: z.literal('Buffer'), data: z.array(z.number().int().min(0).max(255)).min(1) }),
});

export const buyNftResultSchema = z.object({ success: z.boolean(), apimessage: text });

/**
 * The affiliate sign-in (user-auth token), as one public client uses it (aguillee/sharkly-agent
 * plugin/src/sentx-client.ts; SentX publishes no documentation, so this is likely, not confirmed):
 * `POST /v1/affiliate/auth/init` answers a payload to sign, `.../verify` the token and its lifetime.
 * Built on first use: only the market Lambda signs in, and the other bundles stay smaller.
 */
export function affiliateAuthSchemas() {
  return {
    init: z.object({
      success: z.literal(true),
      payload: z.record(z.string(), z.unknown()),
      nonce: z.string().min(1),
      operationToken: z.string().min(1),
    }),
    verify: z.object({
      success: z.literal(true),
      userAuthToken: z.string().min(1),
      /** Seconds; the client above assumes an hour when it is missing. */
      expiresIn: z.number().positive().nullish(),
    }),
  };
}
