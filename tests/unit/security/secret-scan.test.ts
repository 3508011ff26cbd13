import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSandboxNetwork } from '../../../src/sandbox/ledger/sandbox-network';
import { sandboxAccountPrivateKey } from '../../../src/sandbox/ledger/sandbox-keys';

const dist = resolve(import.meta.dirname, '../../../dist');
const TEXT = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest|map)$/;

/** Everything that must never reach the static site: keys, key material and API keys. */
function secretPatterns(): { name: string; pattern: RegExp }[] {
  const network = defaultSandboxNetwork;
  const sandboxAccounts = [network.operatorAccountId, network.marketAccountId, network.treasuryAccountId, ...network.demoAccounts.map((a) => a.accountId)];
  const patterns = [
    { name: 'PEM private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
    { name: 'DER ED25519 private key', pattern: /302e020100300506032b657004220420[0-9a-f]{64}/i },
    { name: 'DER ECDSA private key', pattern: /3030020100300706052b8104000a04220420[0-9a-f]{64}/i },
    { name: 'AWS access key id', pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
    { name: 'API key in a query string', pattern: /[?&]apikey=[A-Za-z0-9_-]{8,}/i },
    ...sandboxAccounts.map((accountId) => ({
      name: `sandbox key of ${accountId}`,
      pattern: new RegExp(sandboxAccountPrivateKey(accountId).toStringRaw(), 'i'),
    })),
  ];
  for (const name of ['SESSION_SECRET', 'OPERATOR_KEY', 'SENTX_API_KEY', 'SENTX_AFFILIATE_KEY', 'SAUCERSWAP_API_KEY']) {
    const value = process.env[name];
    if (value && value.length >= 8) patterns.push({ name, pattern: new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  }
  const localSecret = resolve(import.meta.dirname, '../../../.data/session-secret');
  if (existsSync(localSecret))
    patterns.push({ name: 'local session secret', pattern: new RegExp(readFileSync(localSecret, 'utf8').trim().replace(/[-]/g, '\\-')) });
  return patterns;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : TEXT.test(entry) ? [path] : [];
  });
}

function scan(text: string, patterns: ReturnType<typeof secretPatterns>): string[] {
  return patterns.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

describe('the built site holds no secret', () => {
  const patterns = secretPatterns();

  it('the scanner finds planted secrets (so it can fail)', () => {
    const planted = `const k = "${sandboxAccountPrivateKey(defaultSandboxNetwork.operatorAccountId).toStringRaw()}"; fetch("/x?apikey=abcdef123456")`;
    expect(scan(planted, patterns)).toEqual(expect.arrayContaining(['API key in a query string', `sandbox key of ${defaultSandboxNetwork.operatorAccountId}`]));
  });

  it('finds the value of every secret the server reads, the SentX affiliate key included', () => {
    const planted = 'ed25519:'.concat('ab'.repeat(32));
    process.env.SENTX_AFFILIATE_KEY = planted;
    try {
      expect(scan(`const k = "${planted}"`, secretPatterns())).toContain('SENTX_AFFILIATE_KEY');
    } finally {
      delete process.env.SENTX_AFFILIATE_KEY;
    }
  });

  it('no file of dist/ matches a secret pattern (a missing build fails: a scan of nothing proves nothing)', () => {
    expect(existsSync(join(dist, 'index.html')), `no build in ${dist}: run \`npm run build\` first (npm test builds it)`).toBe(true);
    const found = files(dist).flatMap((file) => scan(readFileSync(file, 'utf8'), patterns).map((name) => `${file.slice(dist.length)}: ${name}`));
    expect(found).toEqual([]);
    expect(files(dist).length).toBeGreaterThan(10);
  });
});
