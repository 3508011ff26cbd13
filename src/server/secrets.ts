import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from './config';

export type SecretName = 'SESSION_SECRET' | 'OPERATOR_KEY' | 'SENTX_API_KEY' | 'SENTX_AFFILIATE_KEY' | 'SAUCERSWAP_API_KEY' | 'VAPID_KEYS';

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

/** A sandbox secret made once by `make`, then kept in DATA_DIR (as `file`) so that it survives a restart. */
function localSecret(file: string, make: () => string): string {
  const dir = resolve(config().dataDir);
  const path = join(dir, file);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    const value = make();
    writeFileSync(path, value, { mode: 0o600 });
    return value;
  }
}

/** A P-256 key pair for VAPID (RFC 8292) as web-push keeps it: `{"publicKey","privateKey"}`, both base64url (65-byte point, 32-byte scalar). */
function vapidKeyPair(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({ publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') });
}

async function load(name: SecretName): Promise<string | undefined> {
  const direct = process.env[name];
  if (direct) return direct;
  const arn = process.env[`${name}_SECRET_ARN`];
  if (arn) return fromSecretsManager(arn);
  if (config().network !== 'sandbox') return undefined;
  // The sandbox's own keys: the session key, and the VAPID keys its pushes are signed with.
  if (name === 'SESSION_SECRET') return localSecret('session-secret', () => randomBytes(32).toString('base64url'));
  if (name === 'VAPID_KEYS') return localSecret('vapid-keys.json', vapidKeyPair);
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
