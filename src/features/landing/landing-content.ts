// The landing page's fixed figures and texts (spec 000 §2 and §9).
import { PAWS_TOKEN_ID } from '@/features/site/site';
import { TOTAL_SUPPLY } from '@/features/tiger/supply';
import { formatCount } from '@/lib/format';

export const COLLECTION_FIGURES = {
  totalSupply: TOTAL_SUPPLY,
  /** Spec 000 §9: minted as shown on the landing page (the roadmap text says 3,326). */
  minted: 3_327,
  roadmapMinted: 3_326,
  mintPriceHbar: 45,
  mintDate: { iso: '2024-06-02', text: 'June 2, 2024' },
} as const;

export const PAWS_FIGURES = {
  tokenId: PAWS_TOKEN_ID,
  totalSupplyText: '1,000,000,000',
  burnedText: '42.659M',
} as const;

/** Where 'Buy $PAWS' goes: the HBAR → $PAWS swap on SaucerSwap (opens in a new tab). */
export const BUY_PAWS_URL = `https://www.saucerswap.finance/swap/HBAR/${PAWS_TOKEN_ID}`;

/** External price sources for $PAWS and HBAR. */
export const PRICE_SOURCES = [
  { label: 'SaucerSwap', href: `https://www.saucerswap.finance/token/${PAWS_TOKEN_ID}`, title: '$PAWS price and liquidity on SaucerSwap' },
  { label: 'DexScreener', href: `https://dexscreener.com/hedera/${PAWS_TOKEN_ID}`, title: '$PAWS charts on DexScreener' },
  { label: 'CoinGecko', href: 'https://www.coingecko.com/en/coins/hedera-hashgraph', title: 'The HBAR price on CoinGecko' },
  { label: 'HashScan', href: `https://hashscan.io/mainnet/token/${PAWS_TOKEN_ID}`, title: 'The $PAWS token on the HashScan explorer' },
] as const;

export type PhaseStatus = 'completed' | 'in-progress';

export interface RoadmapPhase {
  phase: number;
  title: string;
  status: PhaseStatus;
  summary: string;
  points: string[];
}

export const ROADMAP: readonly RoadmapPhase[] = [
  {
    phase: 1,
    title: 'Genesis',
    status: 'completed',
    summary: `The pride is born: ${formatCount(COLLECTION_FIGURES.roadmapMinted)} Wild Tigers minted for 45 HBAR on the Hedera mainnet.`,
    points: ['3,333 hand-crafted tigers with unique traits', 'Mint opened on June 2, 2024', 'Rarity ranks for every tiger'],
  },
  {
    phase: 2,
    title: '$PAWS Launch',
    status: 'completed',
    summary: 'The community token $PAWS went live, earned from the faucet and spent on the PAWS Market.',
    points: ['1,000,000,000 $PAWS on Hedera', '42.659M $PAWS burned so far', 'Tigers traded for $PAWS on our own market'],
  },
  {
    phase: 3,
    title: 'BBQ sauce brand and Tiger Cub NFT',
    status: 'in-progress',
    summary: 'The roar goes real-world with a Wild Tigers BBQ sauce brand, and a new generation arrives: the Tiger Cub NFT.',
    points: ['Wild Tigers BBQ sauce brand', 'Tiger Cub NFT collection', 'More utility for holders'],
  },
];

/**
 * The three official partner cards. The spec does not give their names or targets, so these are
 * honest stand-ins: real Hedera ecosystem services the product works with (the wallet, the NFT
 * marketplace behind /marketplace and the DEX behind 'Buy $PAWS'). Replace them with the
 * project's real partners when known.
 */
export const PARTNERS = [
  {
    name: 'HashPack',
    role: 'Wallet',
    icon: 'wallet',
    href: 'https://www.hashpack.app',
    description: 'The Hedera wallet for holding your tigers and $PAWS and signing in with one tap.',
  },
  {
    name: 'SentX',
    role: 'NFT marketplace',
    icon: 'market',
    href: 'https://sentx.io',
    description: 'The Hedera NFT marketplace where Wild Tigers trade for HBAR.',
  },
  {
    name: 'SaucerSwap',
    role: 'Exchange',
    icon: 'swap',
    href: 'https://www.saucerswap.finance',
    description: 'The Hedera exchange where HBAR is swapped for $PAWS.',
  },
] as const;
