import * as z from 'zod';

/**
 * Zod schemas for the parts of the mirror node responses the reader uses (official shapes,
 * `reference/mirror-node-openapi.yml`). Unknown fields are ignored; int64 amounts arrive as
 * numbers or, above 2^53, as bigints from `parseMirrorJson`, and leave as bigints.
 */

const entityId = z.string().regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'expected shard.realm.num');
const timestamp = z.string().regex(/^\d{1,10}(\.\d{1,9})?$/, 'expected seconds.nanos');
const int64 = z.union([z.number().int(), z.bigint()]).transform((value) => BigInt(value));
const int64String = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform((value) => BigInt(value));
const smallIntString = z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number);
/** An int64 serial number: a number while it is a safe integer, the exact bigint beyond 2^53. */
const int64Serial = z.union([z.number().int(), z.bigint()]);

const linksSchema = z.object({ next: z.string().nullable().optional() });

export const errorBodySchema = z.object({
  _status: z.object({ messages: z.array(z.object({ message: z.string() })) }),
});

export const accountSchema = z.object({
  account: entityId,
  balance: z
    .object({
      balance: int64.nullable(),
      tokens: z.array(z.object({ token_id: entityId, balance: int64 })),
    })
    .nullable(),
  key: z
    .object({
      _type: z.enum(['ED25519', 'ECDSA_SECP256K1', 'ProtobufEncoded']),
      key: z.string().regex(/^[0-9a-fA-F]*$/),
    })
    .nullable(),
  /** Automatic association slots: -1 unlimited, 0 none, N slots (absent on older mirror nodes: none). */
  max_automatic_token_associations: z.number().int().nullable().optional(),
});

export const tokenRelationshipsSchema = z.object({
  // decimals is null when the mirror node has the relationship but not the token (partial data).
  tokens: z.array(
    z.object({
      token_id: entityId,
      balance: int64,
      decimals: z.number().int().nonnegative().nullable(),
      automatic_association: z.boolean().nullable().optional(),
    }),
  ),
  links: linksSchema,
});

export const nftSchema = z.object({
  token_id: entityId,
  serial_number: z.number().int().positive(),
  account_id: entityId.nullable(),
  spender: entityId.nullable().optional(),
  delegating_spender: entityId.nullable().optional(),
  metadata: z.string().optional(),
  deleted: z.boolean(),
});

export const nftsPageSchema = z.object({ nfts: z.array(nftSchema), links: linksSchema });

export const tokenAllowancesSchema = z.object({
  allowances: z.array(z.object({ owner: entityId, spender: entityId, token_id: entityId, amount: int64, amount_granted: int64 })),
  links: linksSchema,
});

export const nftAllowancesSchema = z.object({
  allowances: z.array(z.object({ owner: entityId, spender: entityId, token_id: entityId, approved_for_all: z.boolean() })),
  links: linksSchema,
});

/** A custom fee's fraction (FractionalFee, RoyaltyFee): int64s, a positive denominator. */
const fractionSchema = z.object({ numerator: int64, denominator: int64.refine((value) => value > 0n, 'expected a positive denominator') });

const fixedFeeSchema = z.object({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: int64,
  collector_account_id: entityId.nullable().optional(),
  denominating_token_id: entityId.nullable().optional(),
});

const fractionalFeeSchema = z.object({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: fractionSchema,
  collector_account_id: entityId.nullable().optional(),
  denominating_token_id: entityId.nullable().optional(),
  maximum: int64.nullable().optional(),
  minimum: int64.optional(),
  net_of_transfers: z.boolean().optional(),
});

const royaltyFeeSchema = z.object({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: fractionSchema,
  collector_account_id: entityId.nullable().optional(),
  fallback_fee: z.object({ amount: int64, denominating_token_id: entityId.nullable().optional() }).nullable().optional(),
});

export const tokenInfoSchema = z.object({
  token_id: entityId,
  name: z.string(),
  symbol: z.string(),
  type: z.enum(['FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE']),
  decimals: smallIntString,
  total_supply: int64String,
  max_supply: int64String,
  supply_type: z.string().optional(),
  treasury_account_id: entityId.nullable().optional(),
  custom_fees: z
    .object({
      fixed_fees: z.array(fixedFeeSchema).optional(),
      fractional_fees: z.array(fractionalFeeSchema).optional(),
      royalty_fees: z.array(royaltyFeeSchema).optional(),
    })
    .optional(),
});

export const exchangeRateSchema = z.object({
  current_rate: z.object({
    cent_equivalent: z.number().int().positive(),
    hbar_equivalent: z.number().int().positive(),
  }),
});

const transactionSchema = z.object({
  transaction_id: z.string(),
  name: z.string(),
  result: z.string(),
  consensus_timestamp: timestamp,
  nonce: z.number().int().optional(),
  scheduled: z.boolean().optional(),
  transfers: z.array(z.object({ account: entityId, amount: int64, is_approval: z.boolean().optional() })).optional(),
  token_transfers: z.array(z.object({ token_id: entityId, account: entityId, amount: int64, is_approval: z.boolean().optional() })).optional(),
  nft_transfers: z
    .array(
      z.object({
        token_id: entityId,
        serial_number: int64Serial,
        sender_account_id: entityId.nullable(),
        receiver_account_id: entityId.nullable(),
        is_approval: z.boolean(),
      }),
    )
    .optional(),
});

export const transactionByIdSchema = z.object({ transactions: z.array(transactionSchema) });

const serviceEndpointSchema = z.object({ domain_name: z.string(), ip_address_v4: z.string(), port: z.number().int() });

export const networkNodesPageSchema = z.object({
  nodes: z.array(
    z.object({
      node_id: z.number().int().nonnegative(),
      node_account_id: entityId.nullable(),
      service_endpoints: z.array(serviceEndpointSchema),
      grpc_proxy_endpoint: serviceEndpointSchema.nullable().optional(),
    }),
  ),
  links: linksSchema,
});

export type MirrorNft = z.output<typeof nftSchema>;
export type MirrorTransaction = z.output<typeof transactionSchema>;
export type MirrorServiceEndpoint = z.output<typeof serviceEndpointSchema>;
