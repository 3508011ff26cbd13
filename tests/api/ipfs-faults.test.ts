/**
 * The catalog and the thumbnails read each tiger's metadata and art through the production IPFS
 * gateway chain, here the sandbox's gateway. While every gateway fails, a tiger is not imageless:
 * its thumbnail answers 503 (never cached) and nothing is listed without its image and traits;
 * once the gateways are back, the next request has it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSuite } from '../support/api-suite';
import { injectFault, listForPaws } from '../support/paws-trades';
import { ALICE, NFT_TOKEN, call, ownedSerials } from '../support/sandbox-client';

const suite = sandboxSuite({ holders: [ALICE] });
let serials: number[] = [];

beforeAll(async () => {
  serials = await ownedSerials(suite.origin, ALICE);
});

describe('an IPFS outage', () => {
  it('answers 503 (not cached, not "no image") while every gateway fails, and the image once they are back', async () => {
    const serial = serials[5] as number;
    await injectFault(suite.origin, { service: 'ipfs', match: '/', fault: 'http-502', times: 1000 });
    const down = await fetch(`${suite.origin}/img/${serial}/320`);
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toMatchObject({ code: 'IMAGE_UNAVAILABLE' });

    expect((await fetch(`${suite.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    const up = await fetch(`${suite.origin}/img/${serial}/320`);
    expect(up.status).toBe(200);
    expect(up.headers.get('content-type')).toBe('image/webp');
  });

  it('stores no listing without its image and traits: listing waits for the gateways', async () => {
    const serial = serials[6] as number;
    await injectFault(suite.origin, { service: 'ipfs', match: '/', fault: 'timeout', times: 1000 });
    const refused = await call(suite.origin, 'POST', '/api/paws/listings/prepare', {
      cookie: suite.holder(ALICE).cookie,
      body: { sellerId: ALICE, tokenId: NFT_TOKEN, serialNumber: serial, pawsPrice: '75', nftName: 'ignored', rarityRank: 1 },
    });
    expect(refused).toMatchObject({ status: 503, json: { code: 'METADATA_UNAVAILABLE' } });

    expect((await fetch(`${suite.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    const listing = await listForPaws(suite.holder(ALICE), serial, '75');
    const page = await call<{ listings: { id: string; nftImage: string; traits: unknown[] }[] }>(suite.origin, 'GET', '/api/paws/listings?page=1&limit=100');
    const shown = page.json.listings.find((entry) => entry.id === listing.id);
    expect(shown?.nftImage).toMatch(new RegExp(`^ipfs://.+/${serial}\\.svg$`));
    expect(shown?.traits.length).toBeGreaterThan(0);
  });
});
