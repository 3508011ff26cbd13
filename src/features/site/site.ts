// Site-wide texts and links: the single source for navigation, footer and page metadata.

export const SITE_NAME = 'Wild Tigers';
export const DEFAULT_TITLE = '3,333 unique digital tigers on Hedera blockchain with $PAWS token';
export const DEFAULT_DESCRIPTION =
  'Wild Tigers is the community home of 3,333 unique digital tiger NFTs on the Hedera network and their token $PAWS. Trade tigers for HBAR or $PAWS, browse the collection by rarity and meet fellow holders.';
export const DEFAULT_KEYWORDS = [
  'Wild Tigers',
  'tiger NFT',
  'Hedera NFT',
  'Hedera',
  'HBAR',
  '$PAWS',
  'PAWS token',
  'NFT marketplace',
  'NFT collection',
  'Roarvolution',
];
export const OG_IMAGE_PATH = '/og-image.png';
export const OG_IMAGE_ALT = 'Wild Tigers: 3,333 unique digital tigers on Hedera with the $PAWS token';
export const THEME_COLOR = '#0c0a09';

export const PAWS_TOKEN_ID = '0.0.9296439';

export interface SiteLink {
  href: string;
  label: string;
  /** A short visible tag shown beside the label. */
  hint?: string;
  /** A longer explanation, used as the link's tooltip. */
  title?: string;
}

/** The landing page's hero section id; Home-style links point at it. */
export const HOME_SECTION_ID = 'home';

export const NAV_LINKS: readonly SiteLink[] = [
  { href: `#${HOME_SECTION_ID}`, label: 'Home' },
  {
    href: '/marketplace',
    label: 'Marketplace',
    hint: 'SentX',
    title: 'Wild Tigers on the external SentX marketplace, priced in HBAR',
  },
  { href: '/paws-marketplace', label: 'PAWS Market' },
  { href: '/collection', label: 'Collection' },
  { href: '/public-profiles', label: 'Community' },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { href: '/collection', label: 'Collection' },
  { href: '/marketplace', label: 'Marketplace' },
  { href: '/paws-marketplace', label: 'PAWS Market' },
  { href: '/wild-tiger-profile', label: 'My Profile' },
  { href: '/public-profiles', label: 'Community' },
];

export const FOOTER_SUPPORT_LINKS: readonly SiteLink[] = [
  { href: '/help', label: 'Help Center' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
];

/** External places where the community trades and follows Wild Tigers and $PAWS. */
export const COMMUNITY_LINKS: readonly SiteLink[] = [
  {
    href: `https://hashscan.io/mainnet/token/${PAWS_TOKEN_ID}`,
    label: '$PAWS on HashScan',
    title: 'The $PAWS token on the HashScan Hedera explorer',
  },
  { href: 'https://sentx.io', label: 'SentX', title: 'SentX, the external NFT marketplace on Hedera' },
  {
    href: `https://www.saucerswap.finance/swap/HBAR/${PAWS_TOKEN_ID}`,
    label: 'SaucerSwap',
    title: 'Swap HBAR for $PAWS on SaucerSwap',
  },
];

/** The support mailbox (Contact page, Privacy requests). */
export const SUPPORT_EMAIL = 'support@wildtigers.io';

export interface ChannelLink extends SiteLink {
  /** Which icon the channel card shows. */
  icon: 'chat' | 'x' | 'explorer' | 'market';
  /** One sentence under the label. */
  description: string;
}

/** The project's own chat and social accounts, set at build time (PUBLIC_DISCORD_URL, PUBLIC_X_URL). */
export interface ChannelSettings {
  discordUrl?: string | undefined;
  xUrl?: string | undefined;
}

/** Only a web address is a channel: anything else (blank, a typo without https://) leaves the card out. */
function webUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Chat and social channels of the landing page's community section, the Help and Contact pages.
 * The spec names no handles, so the Discord and X cards appear only when the project's own URLs are
 * configured; the ledger explorer and the marketplace are always there.
 */
export function channelLinks(settings: ChannelSettings): ChannelLink[] {
  const discord = webUrl(settings.discordUrl);
  const x = webUrl(settings.xUrl);
  return [
    ...(discord
      ? [
          {
            href: discord,
            label: 'Discord',
            icon: 'chat',
            title: 'Chat with holders on the Wild Tigers Discord',
            description: 'Chat with holders, get help with wallets and hear about drops first.',
          } satisfies ChannelLink,
        ]
      : []),
    ...(x
      ? [
          {
            href: x,
            label: 'X (Twitter)',
            icon: 'x',
            title: 'Wild Tigers news on X',
            description: 'News, giveaways and the latest roars from the pride.',
          } satisfies ChannelLink,
        ]
      : []),
    {
      href: `https://hashscan.io/mainnet/token/${PAWS_TOKEN_ID}`,
      label: 'HashScan',
      icon: 'explorer',
      title: 'The $PAWS token on the HashScan Hedera explorer',
      description: 'Follow every $PAWS transfer and burn on the public ledger.',
    },
    {
      href: 'https://sentx.io',
      label: 'SentX',
      icon: 'market',
      title: 'SentX, the external NFT marketplace on Hedera',
      description: 'Trade Wild Tigers for HBAR on the largest Hedera NFT marketplace.',
    },
  ];
}

/** The channels of this build. */
export const CHANNEL_LINKS: readonly ChannelLink[] = channelLinks({
  discordUrl: import.meta.env?.PUBLIC_DISCORD_URL as string | undefined,
  xUrl: import.meta.env?.PUBLIC_X_URL as string | undefined,
});

/** Whether this build has a chat to send holders to (its copy mentions one only then). */
export const HAS_CHAT = CHANNEL_LINKS.some((channel) => channel.icon === 'chat');

/** Every pre-rendered page path (the sitemap lists them). */
export const PAGE_PATHS = [
  '/',
  '/marketplace',
  '/paws-marketplace',
  '/collection',
  '/wild-tiger-profile',
  '/public-profiles',
  '/help',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
] as const;
