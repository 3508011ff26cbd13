import { describe, expect, it } from 'vitest';
import { cachedApiPatterns, pathPattern } from '../../infra/lib/api-behaviors';
import type { RouteDef } from '../../src/server/http/route-types';
import { ROUTES } from '../../src/server/routes';

const cached = { kind: 'public', maxAgeSeconds: 0, sMaxAgeSeconds: 5 } as const;
const none = { kind: 'none' } as const;
const route = (method: RouteDef['method'], path: RouteDef['path'], cache: RouteDef['cache']): RouteDef => ({ method, path, cache, group: 'g', auth: 'public' });

describe('edge-cached API behaviours', () => {
  it('turns path parameters into wildcards', () => {
    expect(pathPattern('/api/nft-metadata/{tokenId}/{serial}')).toBe('/api/nft-metadata/*/*');
    expect(pathPattern('/api/hbar/price')).toBe('/api/hbar/price');
  });

  it('caches public GET routes only', () => {
    const routes = [route('GET', '/api/a/{id}', cached), route('GET', '/api/b', none), route('POST', '/api/c', none)];
    expect(cachedApiPatterns(routes)).toEqual(['/api/a/*']);
  });

  it('never caches a pattern that also matches a session, write or uncached route', () => {
    const routes = [
      route('GET', '/api/profile/{accountId}', cached),
      route('POST', '/api/profile/{accountId}/sync', none),
      route('GET', '/api/listings/{id}', cached),
      route('DELETE', '/api/listings/{id}', none),
      route('GET', '/api/prices/{token}', cached),
      route('GET', '/api/prices/{token}/history', cached),
    ];
    expect(cachedApiPatterns(routes)).toEqual(['/api/prices/*']);
  });

  it('gives an area whose every route is a public GET one behaviour, and keeps a mixed area’s routes apart', () => {
    const routes = [
      route('GET', '/api/collection/complete/{tokenId}', cached),
      route('GET', '/api/collection/tiger/{serial}', cached),
      route('GET', '/api/collection/trait-floors', cached),
      route('GET', '/api/market/figures', cached),
      route('GET', '/api/market/listings', cached),
      route('POST', '/api/market/buy', none),
      route('GET', '/api/public-profiles', cached),
    ];
    expect(cachedApiPatterns(routes)).toEqual(['/api/collection/*', '/api/market/figures', '/api/market/listings', '/api/public-profiles']);
  });

  it('gives the route table only patterns whose every matching route is a public GET', () => {
    for (const pattern of cachedApiPatterns(ROUTES)) {
      const matcher = new RegExp(`^${pattern.replace(/\*/g, '.*')}$`);
      const matching = ROUTES.filter((r) => matcher.test(r.path.replace(/\{[^}]+\}/g, 'x')));
      expect(matching.length).toBeGreaterThan(0);
      for (const r of matching) expect([r.method, r.cache.kind]).toEqual(['GET', 'public']);
    }
  });
});
