import * as z from 'zod';
import { ConfigError } from '../../server/config';

const schema = z.object({
  /** The SentX API origin (mainnet); override for a proxy or a recorded stand-in. */
  SENTX_API_BASE: z.url().default('https://api.sentx.io'),
});

export interface MarketConfig {
  sentxApiBase: string;
}

/** The market's own settings, validated; throws a ConfigError naming a malformed setting. */
export function parseMarketConfig(env: Record<string, string | undefined>): MarketConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { sentxApiBase: parsed.data.SENTX_API_BASE };
}
