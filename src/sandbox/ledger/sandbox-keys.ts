/**
 * Deterministic sandbox-only keys: ED25519 seeds are sha256('wild-tigers-sandbox:' + name).
 * Anyone can derive them, so they must never guard anything real. Public keys are derived with
 * node:crypto (fast); SDK PrivateKey objects are built only when something needs to sign.
 */
import { createHash, createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { PrivateKey } from '@hiero-ledger/sdk';
import { defaultSandboxNetwork, type SandboxNetwork } from './sandbox-network';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The well-known key names of the sandbox's fixed accounts, and of the collection's supply key. */
export const sandboxKeyNames = { treasury: 'treasury', operator: 'operator', market: 'market', supply: 'supply', feeCollector: 'fee-collector' } as const;

/** Key name of a generated holder account. */
export function holderKeyName(accountId: string): string {
  return `holder:${accountId}`;
}

/** The 32-byte ED25519 seed of a sandbox key. */
export function sandboxKeySeed(name: string): Buffer {
  return createHash('sha256').update(`wild-tigers-sandbox:${name}`).digest();
}

/** The SDK private key for a sandbox key name (sandbox-only test key). */
export function sandboxPrivateKey(name: string): PrivateKey {
  return PrivateKey.fromBytesED25519(sandboxKeySeed(name));
}

/** Raw hex of the ED25519 public key for a sandbox key name. */
export function sandboxPublicKeyHex(name: string): string {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, sandboxKeySeed(name)]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return spki.subarray(SPKI_ED25519_PREFIX.length).toString('hex');
}

/** The key name of a fixed or demo account of the network, or null for generated holders and unknown ids. */
export function sandboxKeyNameOf(accountId: string, network: SandboxNetwork = defaultSandboxNetwork): string | null {
  if (accountId === network.treasuryAccountId) return sandboxKeyNames.treasury;
  if (accountId === network.operatorAccountId) return sandboxKeyNames.operator;
  if (accountId === network.marketAccountId) return sandboxKeyNames.market;
  if (accountId === network.feeCollectorAccountId) return sandboxKeyNames.feeCollector;
  return network.demoAccounts.find((a) => a.accountId === accountId)?.keyName ?? null;
}

/** Private key of a demo, operator, market or treasury account (sandbox-only); throws for other ids. */
export function sandboxAccountPrivateKey(accountId: string, network: SandboxNetwork = defaultSandboxNetwork): PrivateKey {
  const name = sandboxKeyNameOf(accountId, network);
  if (!name) throw new RangeError(`${accountId} is not a fixed or demo account of the sandbox network`);
  return sandboxPrivateKey(name);
}

const ed25519KeyObjects = new Map<string, KeyObject>();

/** Verifies an ED25519 signature with node:crypto (raw 32-byte public key as hex). */
export function verifyEd25519(publicKeyHex: string, message: Uint8Array, signature: Uint8Array): boolean {
  let key = ed25519KeyObjects.get(publicKeyHex);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKeyHex, 'hex')]), format: 'der', type: 'spki' });
    ed25519KeyObjects.set(publicKeyHex, key);
  }
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
