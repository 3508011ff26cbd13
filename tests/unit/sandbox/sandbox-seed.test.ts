import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { artworkSvg } from '@/sandbox/collection/artwork';
import { handleSandboxIpfsRequest } from '@/sandbox/collection/ipfs-routes';
import { SANDBOX_IMAGE_CID, SANDBOX_METADATA_CID, TRAIT_TABLES, tigerMetadata } from '@/sandbox/collection/metadata';
import { sandboxAccountPrivateKey, sandboxPublicKeyHex } from '@/sandbox/ledger/sandbox-keys';
import { sandboxRarity } from '@/sandbox/collection/sandbox-rarity';
import { sandboxSeed } from '@/sandbox/ledger/seed';
import { sandboxGenesisHash } from './genesis-hash';
import { ALICE, BOB, CAROL, DAVE, PAWS, PAWS_UNIT, TIGERS, key, net, newLedger, pawsOf, serialsOf } from './sandbox-helpers';

describe('sandbox seed', () => {
  it('is identical in a fresh process (seed, metadata and rarity hash)', async () => {
    const tsx = new URL('../../../node_modules/.bin/tsx', import.meta.url).pathname;
    const script = new URL('./genesis-hash.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(tsx, [script], { cwd: new URL('../../..', import.meta.url).pathname });
    expect(stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(stdout.trim()).toBe(sandboxGenesisHash());
  });

  it('gives the demo accounts tigers, PAWS and HBAR, with a top-100 tiger for Alice', async () => {
    const view = await newLedger().read();
    const rarity = sandboxRarity().rarityData;
    const tigers = [ALICE, BOB, CAROL].map((id) => serialsOf(view, id));
    for (const serials of tigers) expect(serials.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...(tigers[0] ?? []).map((s) => rarity[s]?.rarityRank ?? Infinity))).toBeLessThanOrEqual(100);
    expect([ALICE, BOB, CAROL, DAVE].map((id) => pawsOf(view, id))).toEqual([50_000n, 20_000n, 5_000n, 0n].map((n) => n * PAWS_UNIT));
    expect(serialsOf(view, DAVE)).toEqual([]);
    for (const id of [ALICE, BOB, CAROL, DAVE]) {
      const account = view.state.accounts.get(id);
      expect(account?.hbar).toBe(10_000n * 100_000_000n);
      expect([...(account?.tokens.keys() ?? [])].sort()).toEqual([TIGERS, PAWS].sort());
    }
    for (const id of [net.operatorAccountId, net.marketAccountId]) expect(view.state.accounts.get(id)?.hbar).toBeGreaterThan(0n);
  });

  it('mints 3,328 serials, all owned, spread over a few hundred holders', async () => {
    const view = await newLedger().read();
    const nfts = view.state.tokens.get(TIGERS)?.nfts ?? [];
    expect(nfts.filter(Boolean)).toHaveLength(3328);
    expect([3329, 3330, 3331, 3332, 3333].map((s) => nfts[s])).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const holders = sandboxSeed().accounts.filter((a) => a.label === null);
    const counts = holders.map((h) => serialsOf(view, h.accountId).length).sort((a, b) => a - b);
    expect(holders.length).toBeGreaterThan(200);
    expect(holders.length).toBeLessThan(1000);
    expect(counts.every((c) => c >= 1)).toBe(true);
    expect(counts[counts.length - 1]).toBeGreaterThanOrEqual(100);
    expect(counts.filter((c) => c <= 3).length).toBeGreaterThan(holders.length / 2);
    expect(holders.filter((h) => (h.paws ?? 0n) > 0n).length).toBeGreaterThan(10);
    const totalPaws = [...view.state.accounts.values()].reduce((sum, a) => sum + (a.tokens.get(PAWS)?.balance ?? 0n), 0n);
    expect(totalPaws).toBe(BigInt(net.pawsSupply) * PAWS_UNIT);
  });

  it('derives account keys deterministically from their names', async () => {
    const view = await newLedger().read();
    expect(view.state.accounts.get(ALICE)?.key).toEqual({ type: 'ED25519', hex: key('alice').publicKey.toStringRaw() });
    expect(sandboxPublicKeyHex('alice')).not.toBe(sandboxPublicKeyHex('bob'));
    expect(sandboxAccountPrivateKey(net.operatorAccountId).publicKey.toStringRaw()).toBe(sandboxPublicKeyHex('operator'));
    expect(() => sandboxAccountPrivateKey('0.0.7100000')).toThrow(RangeError);
  });
});

describe('generated metadata and artwork', () => {
  it('writes HIP-412 metadata with weighted, sometimes missing traits', () => {
    const doc = tigerMetadata(42);
    expect(doc).toMatchObject({
      name: 'Wild Tiger #42',
      image: `ipfs://${SANDBOX_IMAGE_CID}/images/42.svg`,
      type: 'image/svg+xml',
      format: 'HIP412@2.0.0',
    });
    const all = Array.from({ length: 3333 }, (_, i) => tigerMetadata(i + 1));
    const types = new Set(all.flatMap((d) => d.attributes.map((a) => a.trait_type)));
    expect([...types].sort()).toEqual(Object.keys(TRAIT_TABLES).sort());
    const withHeadwear = all.filter((d) => d.attributes.some((a) => a.trait_type === 'Headwear')).length;
    expect(withHeadwear).toBeGreaterThan(1000);
    expect(withHeadwear).toBeLessThan(3333);
    const furs = all.map((d) => d.attributes.find((a) => a.trait_type === 'Fur')?.value);
    expect(furs.filter((f) => f === 'Orange').length).toBeGreaterThan(5 * furs.filter((f) => f === 'Rainbow').length);
  });

  it('stores ipfs://<metadata CID>/<serial>.json on the ledger', async () => {
    const nft = (await newLedger().read()).state.tokens.get(TIGERS)?.nfts[7];
    expect(Buffer.from(nft?.metadata ?? '', 'base64').toString()).toBe(`ipfs://${SANDBOX_METADATA_CID}/7.json`);
  });

  it('draws a small titled SVG per serial that follows the traits', () => {
    const sizes = Array.from({ length: 3333 }, (_, i) => Buffer.byteLength(artworkSvg(i + 1)));
    expect(Math.max(...sizes)).toBeLessThan(4096);
    expect(artworkSvg(12)).toContain('<title id="title-12">Wild Tiger #12</title>');
    expect(artworkSvg(12)).toBe(artworkSvg(12));
    const white = Array.from({ length: 3333 }, (_, i) => i + 1).find((s) => tigerMetadata(s).attributes.some((a) => a.value === 'White'));
    expect(artworkSvg(white ?? 0)).toContain('fill="#f4f1ea"');
  });

  it('serves metadata and artwork through the sandbox IPFS gateway', () => {
    const json = handleSandboxIpfsRequest(`/${SANDBOX_METADATA_CID}/3333.json`);
    expect(json).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(JSON.parse(String(json.body))).toEqual(tigerMetadata(3333));
    expect(handleSandboxIpfsRequest(`/${SANDBOX_IMAGE_CID}/images/5.svg`)).toEqual({ status: 200, contentType: 'image/svg+xml', body: artworkSvg(5) });
    expect(handleSandboxIpfsRequest(`/${SANDBOX_METADATA_CID}/3334.json`).status).toBe(404);
    expect(handleSandboxIpfsRequest(`/${SANDBOX_IMAGE_CID}/5.json`).status).toBe(404);
  });
});
