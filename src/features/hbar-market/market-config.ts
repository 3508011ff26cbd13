import * as z from 'zod';
import { ConfigError } from '../../server/config';

const schema = z.object({
  /** The SentX API origin (mainnet); override for a proxy or a recorded stand-in. */
  SENTX_API_BASE: z.url().default('https://api.sentx.io'),
  /** The account SentX registered as the affiliate; with the SENTX_AFFILIATE_KEY secret it signs in for buys. */
  SENTX_AFFILIATE_ACCOUNT_ID: z
    .string()
    .regex(/^0\.0\.\d{1,12}$/, 'must be a Hedera id like 0.0.1234')
    .optional(),
});

export interface MarketConfig {
  sentxApiBase: string;
  sentxAffiliateAccountId: string | undefined;
}

/** The market's own settings, validated; throws a ConfigError naming a malformed setting. */
export function parseMarketConfig(env: Record<string, string | undefined>): MarketConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { sentxApiBase: parsed.data.SENTX_API_BASE, sentxAffiliateAccountId: parsed.data.SENTX_AFFILIATE_ACCOUNT_ID };
}
