import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from './config';

export type SecretName = 'SESSION_SECRET' | 'OPERATOR_KEY' | 'SENTX_API_KEY' | 'SENTX_AFFILIATE_KEY' | 'SAUCERSWAP_API_KEY';

const cache = new Map<SecretName, Promise<string | undefined>>();

/**
 * Reads a secret through the AWS Parameters and Secrets Lambda extension (a local HTTP endpoint
 * the stack attaches to every function that has a secret), authenticated by the session token.
 */
async function fromSecretsManager(arn: string): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`Secret ${arn} could not be read (${response.status})`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  return SecretString;
}

/** The sandbox's session key: random once, then kept in DATA_DIR so sessions survive a restart. */
function localSessionSecret(): string {
  const dir = resolve(config().dataDir);
  const file = join(dir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    const value = randomBytes(32).toString('base64url');
    writeFileSync(file, value, { mode: 0o600 });
    return value;
  }
}

async function load(name: SecretName): Promise<string | undefined> {
  const direct = process.env[name];
  if (direct) return direct;
  const arn = process.env[`${name}_SECRET_ARN`];
  if (arn) return fromSecretsManager(arn);
  if (name === 'SESSION_SECRET' && config().network === 'sandbox') return localSessionSecret();
  return undefined;
}

/**
 * A secret, read once per process (cold start): from the env var of that name, else from Secrets
 * Manager via `<NAME>_SECRET_ARN`; on the sandbox the session key is generated and kept locally.
 */
export function secret(name: SecretName): Promise<string | undefined> {
  let value = cache.get(name);
  if (!value) {
    value = load(name);
    cache.set(name, value);
    value.catch(() => cache.delete(name));
  }
  return value;
}

/** A secret that must exist; its absence is a configuration error naming it. */
export async function requiredSecret(name: SecretName): Promise<string> {
  const value = await secret(name);
  if (!value) throw new Error(`Missing secret ${name}: set ${name} or ${name}_SECRET_ARN`);
  return value;
}
