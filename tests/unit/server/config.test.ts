import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/server/config';

describe('config', () => {
  it('defaults to the sandbox network on 127.0.0.1:4321 with the sandbox ids', () => {
    const config = parseConfig({});
    expect(config.network).toBe('sandbox');
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(4321);
    expect(config.pawsTokenId).toBe('0.0.9296439');
    expect(config.mirrorNodeUrl).toBe('http://127.0.0.1:4321/sandbox/mirror');
    expect(config.siteOrigin).toBe('http://127.0.0.1:4321');
  });

  it('reads PORT and HOST', () => {
    const config = parseConfig({ PORT: '5000', HOST: '0.0.0.0' });
    expect(config.port).toBe(5000);
    expect(config.mirrorNodeUrl).toBe('http://0.0.0.0:5000/sandbox/mirror');
  });

  it('names every missing mainnet setting', () => {
    expect(() => parseConfig({ NETWORK: 'mainnet' })).toThrow(ConfigError);
    try {
      parseConfig({ NETWORK: 'mainnet' });
    } catch (error) {
      expect((error as Error).message).toContain('NFT_TOKEN_ID: is required when NETWORK=mainnet');
      expect((error as Error).message).toContain('MARKETPLACE_ACCOUNT_ID: is required when NETWORK=mainnet');
    }
  });

  it('uses the public mirror node on mainnet', () => {
    const config = parseConfig({ NETWORK: 'mainnet', NFT_TOKEN_ID: '0.0.123', MARKETPLACE_ACCOUNT_ID: '0.0.456' });
    expect(config.mirrorNodeUrl).toBe('https://mainnet-public.mirrornode.hedera.com');
    expect(config.nftTokenId).toBe('0.0.123');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['NETWORK', { NETWORK: 'testnet' }],
    ['PAWS_TOKEN_ID', { PAWS_TOKEN_ID: '9296439' }],
    ['DYNAMODB_ENDPOINT', { DYNAMODB_ENDPOINT: 'not a url' }],
  ])('refuses a malformed %s and names it', (name, env) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
