import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { REPO_ROOT } from './bundling';

const hederaId = z.string().regex(/^0\.0\.\d{1,12}$/, 'must be a Hedera id like 0.0.1234');
const httpsOrigin = z.url({ protocol: /^https$/, error: 'must be an https origin like https://wildtigers.example' }).transform((url) => new URL(url).origin);

const schema = z
  .object({
    stage: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,19}$/, 'must be lowercase letters, digits and dashes (max 20), starting with a letter')
      .default('dev'),
    network: z.enum(['sandbox', 'mainnet']).default('sandbox'),
    account: z
      .string()
      .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
      .optional(),
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region like eu-west-1')
      .optional(),
    nftTokenId: hederaId.optional(),
    pawsTokenId: hederaId.optional(),
    marketplaceAccountId: hederaId.optional(),
    sentxAffiliateAccountId: hederaId.optional(),
    mirrorNodeUrl: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
    siteOrigin: httpsOrigin.optional(),
    logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    appVersion: z.string().min(1).optional(),
    siteDir: z.string().min(1).default(resolve(REPO_ROOT, 'dist')),
    apiRateLimit: z.coerce.number().int().positive().default(50),
    apiBurstLimit: z.coerce.number().int().positive().default(100),
    alarmEmail: z.email('must be an e-mail address').optional(),
  })
  .superRefine((context, issues) => {
    if (context.network !== 'mainnet') return;
    for (const key of ['nftTokenId', 'marketplaceAccountId'] as const) {
      if (!context[key]) issues.addIssue({ code: 'custom', path: [key], message: 'is required when network=mainnet' });
    }
  });

export type Settings = ReturnType<typeof toSettings>;

function packageVersion(): string {
  return (JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

function toSettings(context: z.infer<typeof schema>) {
  const { account, region, appVersion, apiRateLimit, apiBurstLimit, ...rest } = context;
  return {
    ...rest,
    /** Stages named dev* are disposable: their data is destroyed with the stack. */
    dev: context.stage.startsWith('dev'),
    /** Only what was given: without account and region the stacks stay environment-agnostic. */
    env: account || region ? { account, region } : undefined,
    appVersion: appVersion ?? packageVersion(),
    apiThrottle: { rateLimit: apiRateLimit, burstLimit: apiBurstLimit },
  };
}

/** The deployment settings from CDK context (`-c key=value`); throws one error naming every bad key. */
export function readSettings(context: (key: string) => unknown): Settings {
  const raw = Object.fromEntries(
    Object.keys(schema.shape)
      .map((key) => [key, context(key)])
      .filter(([, value]) => value !== undefined),
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  -c ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid CDK context:\n${lines.join('\n')}`);
  }
  return toSettings(parsed.data);
}
