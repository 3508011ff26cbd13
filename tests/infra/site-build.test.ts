import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, readSiteBuild } from '../../infra/lib/site-build';
import { fixtureSite, synthStacks } from './synth';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('site build', () => {
  it('hashes executable inline scripts, not external or data scripts', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script type="application/ld+json">{}</script>',
      '<script type="module" src="/_astro/c.js"></script>',
      '<SCRIPT type=text/javascript>\nd()\n</SCRIPT>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('\nd()\n')]);
  });

  it('lists the pages and the distinct inline script hashes of a build', () => {
    const site = fixtureSite();
    expect(readSiteBuild(site.dir)).toEqual({
      dir: site.dir,
      pages: ['/404.html', '/about.html', '/index.html'],
      inlineScriptHashes: [sha(site.inlineScript)],
    });
  });

  it('finds no build without an index.html', () => {
    expect(readSiteBuild(`${fixtureSite().dir}/nothing`)).toBeUndefined();
  });

  it('refuses a mainnet deploy whose build lacks the rarity dataset, naming the command that builds it', () => {
    const mainnet = { stage: 'prod', network: 'mainnet', nftTokenId: '0.0.1234', marketplaceAccountId: '0.0.5678' };
    expect(() => synthStacks({ context: { ...mainnet, siteDir: fixtureSite({ rarity: false }).dir } })).toThrow(
      /rarity dataset is missing[\s\S]*npm run collection:snapshot -- --token <NFT token id>/,
    );
    expect(() => synthStacks({ context: { ...mainnet, siteDir: fixtureSite().dir } })).not.toThrow();
    // Two whole synths: 13 s at the suite's four workers on 2 cores, 22 s beside the e2e (as image-route.test.ts, a minute bounds a hang).
  }, 60_000);
});
