import { describe, expect, it } from 'vitest';
import { siteOriginFromEnv } from '@/lib/site-origin';

describe('the site origin', () => {
  it('is SITE_ORIGIN when set, else the local server’s own host and port', () => {
    expect(siteOriginFromEnv({ SITE_ORIGIN: 'https://wildtigers.example', PORT: '5000' })).toBe('https://wildtigers.example');
    expect(siteOriginFromEnv({ PORT: '5000' })).toBe('http://127.0.0.1:5000');
    expect(siteOriginFromEnv({ HOST: 'localhost', PORT: '4399' })).toBe('http://localhost:4399');
    expect(siteOriginFromEnv({})).toBe('http://127.0.0.1:4321');
  });
});
