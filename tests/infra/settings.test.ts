import { describe, expect, it } from 'vitest';
import { readSettings } from '../../infra/lib/settings';

const settingsOf = (context: Record<string, string>) => readSettings((key) => context[key]);

describe('deployment settings from CDK context', () => {
  it('defaults to the dev stage on the sandbox network, environment-agnostic', () => {
    const settings = settingsOf({});
    expect(settings).toMatchObject({ stage: 'dev', dev: true, network: 'sandbox', logLevel: 'info', env: undefined });
    expect(settings.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(settings.siteDir).toMatch(/dist$/);
  });

  it('treats stages starting with dev as disposable', () => {
    expect(settingsOf({ stage: 'dev-bob' }).dev).toBe(true);
    expect(settingsOf({ stage: 'prod' }).dev).toBe(false);
  });

  it('sets the environment only from what is given', () => {
    expect(settingsOf({ region: 'eu-west-1' }).env).toEqual({ account: undefined, region: 'eu-west-1' });
    expect(settingsOf({ account: '123456789012', region: 'us-east-1' }).env).toEqual({ account: '123456789012', region: 'us-east-1' });
  });

  it('requires the token and marketplace ids on mainnet, naming the -c flags', () => {
    expect(() => settingsOf({ network: 'mainnet' })).toThrow(/-c nftTokenId: is required when network=mainnet[\s\S]*-c marketplaceAccountId/);
    expect(settingsOf({ network: 'mainnet', nftTokenId: '0.0.1', marketplaceAccountId: '0.0.2' }).network).toBe('mainnet');
  });

  it('rejects bad values', () => {
    expect(() => settingsOf({ stage: 'Prod_1' })).toThrow(/-c stage/);
    expect(() => settingsOf({ siteOrigin: 'http://wildtigers.example' })).toThrow(/-c siteOrigin: must be an https origin/);
    expect(() => settingsOf({ nftTokenId: '1234' })).toThrow(/-c nftTokenId/);
  });

  it('keeps only the origin of the site URL and reads numbers from strings', () => {
    const settings = settingsOf({ siteOrigin: 'https://wildtigers.example/', apiRateLimit: '20', apiBurstLimit: '40' });
    expect(settings.siteOrigin).toBe('https://wildtigers.example');
    expect(settings.apiThrottle).toEqual({ rateLimit: 20, burstLimit: 40 });
  });
});
