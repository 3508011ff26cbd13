import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../src/server/http/route-types';
import { createApiRouter } from '../../../src/server/local/api-router';

const table: RouteDef[] = [
  { method: 'GET', path: '/api/profile/{accountId}', group: 'profile', auth: 'public', cache: { kind: 'none' } },
  { method: 'POST', path: '/api/profile', group: 'profile', auth: 'session', cache: { kind: 'none' } },
  { method: 'GET', path: '/api/profile/{accountId}/nfts', group: 'profile', auth: 'public', cache: { kind: 'none' } },
];

describe('local API router', () => {
  const router = createApiRouter(table);

  it('matches path parameters and decodes them', () => {
    const match = router.match('GET', '/api/profile/0.0.42');
    expect(match).toMatchObject({ key: 'GET /api/profile/{accountId}', pathParameters: { accountId: '0.0.42' } });
    expect(router.match('GET', '/api/profile/a%20b/nfts')).toMatchObject({ pathParameters: { accountId: 'a b' } });
  });

  it('does not let a parameter span segments', () => {
    expect(router.match('GET', '/api/profile/a/b')).toBeUndefined();
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/api/profile')).toBe('methodMismatch');
    expect(router.match('GET', '/api/nothing')).toBeUndefined();
  });

  it('answers HEAD with the GET route', () => {
    expect(router.match('HEAD', '/api/profile/0.0.1')).toMatchObject({ key: 'GET /api/profile/{accountId}' });
  });

  it('tries routes with a parameter in the first two segments on every path, in the table order', () => {
    const mixed = createApiRouter([
      ...table,
      { method: 'GET', path: '/api/{stage}/health', group: 'health', auth: 'public', cache: { kind: 'none' } },
      { method: 'GET', path: '/api/{proxy+}', group: 'health', auth: 'public', cache: { kind: 'none' } },
    ]);
    expect(mixed.match('GET', '/api/profile/0.0.7')).toMatchObject({ key: 'GET /api/profile/{accountId}' });
    expect(mixed.match('GET', '/api/profile/0.0.7/other')).toMatchObject({ key: 'GET /api/{proxy+}', pathParameters: { proxy: 'profile/0.0.7/other' } });
    expect(mixed.match('GET', '/api/v1/health')).toMatchObject({ key: 'GET /api/{stage}/health', pathParameters: { stage: 'v1' } });
    expect(mixed.match('GET', '/api/v1/other')).toMatchObject({ key: 'GET /api/{proxy+}' });
    expect(mixed.match('PUT', '/api/v1/health')).toBe('methodMismatch');
    expect(mixed.match('GET', '/elsewhere')).toBeUndefined();
  });
});
