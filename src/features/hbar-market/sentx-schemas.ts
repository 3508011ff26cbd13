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

export const activitySchema = z.object({
  success: z.literal(true),
  marketActivity: z.array(
    z.object({
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
    }),
  ),
});

export const listingsSchema = z.object({
  success: z.literal(true),
  marketListings: z.array(
    z.object({
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
    }),
  ),
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
