import { describe, expect, it } from 'vitest';
import { channelLinks } from '@/features/site/site';

const labels = (settings: Parameters<typeof channelLinks>[0]) => channelLinks(settings).map((channel) => channel.label);

describe('community channels (PUBLIC_DISCORD_URL, PUBLIC_X_URL)', () => {
  it('shows no Discord or X card when they are not configured: never a stand-in like Hedera’s server or a hashtag search', () => {
    expect(labels({})).toEqual(['HashScan', 'SentX']);
    expect(labels({ discordUrl: '', xUrl: '  ' })).toEqual(['HashScan', 'SentX']);
    const hrefs = channelLinks({}).map((channel) => channel.href);
    expect(hrefs.some((href) => href.includes('hedera.com/discord') || href.includes('x.com/search'))).toBe(false);
  });

  it('links the configured Discord and X accounts first', () => {
    const channels = channelLinks({ discordUrl: 'https://discord.gg/wildtigers', xUrl: ' https://x.com/WildTigers ' });
    expect(channels.map((channel) => [channel.label, channel.href])).toEqual([
      ['Discord', 'https://discord.gg/wildtigers'],
      ['X (Twitter)', 'https://x.com/WildTigers'],
      ['HashScan', 'https://hashscan.io/mainnet/token/0.0.9296439'],
      ['SentX', 'https://sentx.io'],
    ]);
    expect(labels({ xUrl: 'https://x.com/WildTigers' })).toEqual(['X (Twitter)', 'HashScan', 'SentX']);
  });

  it('leaves out a setting that is not a web address', () => {
    expect(labels({ discordUrl: 'discord.gg/wildtigers', xUrl: 'javascript:alert(1)' })).toEqual(['HashScan', 'SentX']);
  });
});
