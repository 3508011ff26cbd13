import * as z from 'zod';
import { LOG_LEVELS } from '@/platform/log';
import { PUBLIC_PRICE_APIS } from '@/features/prices/price-port';
import { IPFS_GATEWAYS, SANDBOX_IPFS_GATEWAY } from '@/features/tiger/ipfs';
import { siteOriginFromEnv } from '@/lib/site-origin';

const accountId = z.string().regex(/^0\.0\.\d{1,12}$/, 'must be a Hedera id like 0.0.1234');
const port = z.coerce.number().int().min(0).max(65535);
/** Milliseconds, one value (`6000`) or an inclusive range (`5000-8000`). */
const msRange = z.string().regex(/^\d{1,6}(-\d{1,6})?$/, 'must be milliseconds: one value (6000) or a range (5000-8000)');

/** A range setting as [low, high]. */
function range(value: string): readonly [number, number] {
  const [a = 0, b = a] = value.split('-').map(Number);
  return [Math.min(a, b), Math.max(a, b)];
}

/** Sandbox network defaults: ids of the in-process sandbox ledger (see src/features/ledger/sandbox). */
export const SANDBOX_DEFAULTS = {
  NFT_TOKEN_ID: '0.0.7000333',
  PAWS_TOKEN_ID: '0.0.9296439',
  MARKETPLACE_ACCOUNT_ID: '0.0.7000100',
} as const;

const schema = z
  .object({
    NETWORK: z.enum(['sandbox', 'mainnet']).default('sandbox'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(4321),
    SITE_ORIGIN: z.url().optional(),
    /** Read by platform/log.ts where it writes; checked here, at start. */
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    APP_VERSION: z
      .string()
      .min(1)
      .default(process.env.npm_package_version ?? '0.0.0'),
    /** The deployed stage (the metrics' dimension, read by platform/metrics.ts; checked here, at start); `local` off AWS. */
    STAGE: z.string().min(1).max(40).default('local'),
    AWS_REGION: z.string().min(1).default('us-east-1'),
    TABLE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
      .default('wild-tigers'),
    DYNAMODB_ENDPOINT: z.url().optional(),
    /** AWS only: the live market's connections table and the WebSocket API's Management API (its stage's https URL). */
    STREAM_CONNECTIONS_TABLE: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
      .optional(),
    STREAM_CALLBACK_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    MIRROR_NODE_URL: z.url().optional(),
    /** The public price APIs' bases (sandbox: its stand-ins under /sandbox/prices/). */
    COINGECKO_API_BASE: z.url().optional(),
    SAUCERSWAP_API_BASE: z.url().optional(),
    DEXSCREENER_API_BASE: z.url().optional(),
    /** The SentX API origin (sandbox: its stand-in under /sandbox/sentx). */
    SENTX_API_BASE: z.url().optional(),
    /** The account SentX registered as the affiliate; with the SENTX_AFFILIATE_KEY secret it signs in for buys. */
    SENTX_AFFILIATE_ACCOUNT_ID: accountId.optional(),
    /** The IPFS gateways the server reads metadata and art through, comma-separated (sandbox: its own gateway). */
    IPFS_GATEWAYS: z
      .string()
      .regex(/^https?:\/\/[^,\s]+\/(,https?:\/\/[^,\s]+\/)*$/, 'must be gateway URLs ending in /, comma-separated')
      .optional(),
    /** Where the collection's rarity dataset is read from (mainnet: the site's data/rarity.json). */
    RARITY_URL: z.url().optional(),
    NFT_TOKEN_ID: accountId.optional(),
    PAWS_TOKEN_ID: accountId.default(SANDBOX_DEFAULTS.PAWS_TOKEN_ID),
    MARKETPLACE_ACCOUNT_ID: accountId.optional(),
    /** Sandbox: from a node's acceptance of a transaction to consensus (mainnet: a few seconds). */
    SANDBOX_CONSENSUS_DELAY_MS: msRange.default('2000-4000'),
    /** Sandbox: from consensus to the mirror node showing the transaction and its effects (mainnet: 5-15 s). */
    SANDBOX_MIRROR_LAG_MS: msRange.default('5000-8000'),
    /** Sandbox: mirror node requests per second per client before it answers 429 (mainnet's public node: about 50); 0 = no limit. */
    SANDBOX_MIRROR_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(50),
    /** Sandbox: the collection's royalty (HIP-18) as `numerator/denominator` of what a seller receives, or none. */
    SANDBOX_NFT_ROYALTY: z
      .string()
      .regex(/^(none|\d{1,6}\/[1-9]\d{0,5})$/, 'must be none or a fraction such as 5/100')
      .default('5/100'),
    /** Sandbox: whether the royalty's collector can hold PAWS (unassociated: every PAWS sale would fail at consensus). */
    SANDBOX_ROYALTY_COLLECTOR_PAWS: z.enum(['associated', 'unassociated']).default('associated'),
    /** Sandbox: a fractional fee on PAWS transfers, `numerator/denominator[:minimum[:maximum]][:net]` (base units), or none. */
    SANDBOX_PAWS_FRACTIONAL_FEE: z
      .string()
      .regex(/^(none|\d{1,6}\/[1-9]\d{0,5}(:\d{1,18}){0,2}(:net)?)$/, 'must be none or numerator/denominator[:minimum[:maximum]][:net]')
      .default('none'),
    /** The local server's reconciler timer (`npm start`; in AWS an EventBridge schedule runs it): its interval, 0 = off. */
    RECONCILER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** How long the reconciler leaves a claim or an HBAR purchase to the request that made it before settling it from the ledger. */
    RECONCILER_GRACE_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  })
  .superRefine((env, ctx) => {
    if (env.NETWORK !== 'mainnet') return;
    for (const key of ['NFT_TOKEN_ID', 'MARKETPLACE_ACCOUNT_ID'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NETWORK=mainnet' });
    }
  });

export type AppConfig = ReturnType<typeof resolve>;

function resolve(env: z.infer<typeof schema>) {
  const sandbox = env.NETWORK === 'sandbox';
  const localOrigin = `http://${env.HOST}:${env.PORT}`;
  const siteOrigin = siteOriginFromEnv({ SITE_ORIGIN: env.SITE_ORIGIN, HOST: env.HOST, PORT: String(env.PORT) });
  const ipfsGateways = env.IPFS_GATEWAYS?.split(',') ?? (sandbox ? [`${localOrigin}${SANDBOX_IPFS_GATEWAY}`] : [...IPFS_GATEWAYS]);
  const consensusDelayMs = range(env.SANDBOX_CONSENSUS_DELAY_MS);
  return {
    network: env.NETWORK,
    host: env.HOST,
    port: env.PORT,
    siteOrigin,
    version: env.APP_VERSION,
    awsRegion: env.AWS_REGION,
    tableName: env.TABLE_NAME,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    /** The WebSocket API's connections table and callback URL (set on the stream Lambdas in AWS; the local server needs neither). */
    stream: { connectionsTable: env.STREAM_CONNECTIONS_TABLE, callbackUrl: env.STREAM_CALLBACK_URL },
    dataDir: env.DATA_DIR,
    mirrorNodeUrl: env.MIRROR_NODE_URL ?? (sandbox ? `${localOrigin}/sandbox/mirror` : 'https://mainnet-public.mirrornode.hedera.com'),
    priceApis: {
      coinGecko: env.COINGECKO_API_BASE ?? (sandbox ? `${localOrigin}/sandbox/prices/coingecko` : PUBLIC_PRICE_APIS.coinGecko),
      saucerSwap: env.SAUCERSWAP_API_BASE ?? (sandbox ? `${localOrigin}/sandbox/prices/saucerswap` : PUBLIC_PRICE_APIS.saucerSwap),
      dexScreener: env.DEXSCREENER_API_BASE ?? (sandbox ? `${localOrigin}/sandbox/prices/dexscreener` : PUBLIC_PRICE_APIS.dexScreener),
    },
    sentx: {
      apiBase: env.SENTX_API_BASE ?? (sandbox ? `${localOrigin}/sandbox/sentx` : 'https://api.sentx.io'),
      /** On the sandbox network the marketplace account is the affiliate too. */
      affiliateAccountId: env.SENTX_AFFILIATE_ACCOUNT_ID ?? (sandbox ? SANDBOX_DEFAULTS.MARKETPLACE_ACCOUNT_ID : undefined),
    },
    ipfsGateways,
    /** The gateway the browser is sent to for a tiger's original media (the sandbox's, on this origin). */
    imageGateway: sandbox ? SANDBOX_IPFS_GATEWAY : (ipfsGateways[0] as string),
    rarityUrl: env.RARITY_URL ?? (sandbox ? `${localOrigin}/sandbox/data/rarity.json` : `${siteOrigin}/data/rarity.json`),
    nftTokenId: env.NFT_TOKEN_ID ?? SANDBOX_DEFAULTS.NFT_TOKEN_ID,
    pawsTokenId: env.PAWS_TOKEN_ID,
    marketplaceAccountId: env.MARKETPLACE_ACCOUNT_ID ?? SANDBOX_DEFAULTS.MARKETPLACE_ACCOUNT_ID,
    /** Consensus nodes prepared transactions are frozen for (the sandbox has one node). */
    nodeAccountIds: sandbox ? ['0.0.3'] : ['0.0.3', '0.0.4', '0.0.5', '0.0.6', '0.0.7'],
    /**
     * What a PAWS settlement's submission and receipt may take: the SDK writer's 10 s and a margin on
     * mainnet; the sandbox's receipt comes within its configured consensus delay.
     */
    settlementTimeoutMs: sandbox ? consensusDelayMs[1] + 1_000 : 10_500,
    /** The sandbox network's clock (consensus delay and mirror lag) and its mirror node's rate limit. */
    sandboxTiming: {
      consensusDelayMs,
      mirrorLagMs: range(env.SANDBOX_MIRROR_LAG_MS),
      mirrorRateLimit: env.SANDBOX_MIRROR_RATE_LIMIT,
    },
    /** The custom fees the sandbox network's tokens carry (its genesis). */
    sandboxFees: {
      nftRoyalty: env.SANDBOX_NFT_ROYALTY === 'none' ? null : fraction(env.SANDBOX_NFT_ROYALTY),
      royaltyCollectorHoldsPaws: env.SANDBOX_ROYALTY_COLLECTOR_PAWS === 'associated',
      pawsFractionalFee: env.SANDBOX_PAWS_FRACTIONAL_FEE === 'none' ? null : fractionalFee(env.SANDBOX_PAWS_FRACTIONAL_FEE),
    },
    reconciler: { intervalMs: env.RECONCILER_INTERVAL_MS, graceMs: env.RECONCILER_GRACE_MS },
  };
}

/** `5/100` as its numerator and denominator. */
function fraction(value: string): { numerator: number; denominator: number } {
  const [numerator = 0, denominator = 1] = value.split('/').map(Number);
  return { numerator, denominator };
}

/** `1/100:10:500:net` as a fractional fee's terms (minimum and maximum in base units, 0: none). */
function fractionalFee(value: string) {
  const [share = '', ...rest] = value.split(':');
  const netOfTransfers = rest.at(-1) === 'net';
  const [minimum = '0', maximum = '0'] = netOfTransfers ? rest.slice(0, -1) : rest;
  return { ...fraction(share), minimum, maximum, netOfTransfers };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates an environment; throws a ConfigError naming every missing or malformed setting. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return resolve(parsed.data);
}

let current: AppConfig | undefined;

/** The process configuration, read from process.env once and cached. */
export function config(): AppConfig {
  current ??= parseConfig(process.env);
  return current;
}
