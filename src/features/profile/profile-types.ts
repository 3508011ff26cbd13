import type { PublicBadge } from './achievements';

/** Spec 001 §3: a holder's profile as the API answers it. */
export interface Profile {
  accountId: string;
  username: string | null;
  bio: string | null;
  twitterHandle: string | null;
  /** Default true. */
  isPublic: boolean;
  /** The holder shows their portfolio's P&L to everyone (on a public profile); default false: only to themselves. */
  pnlPublic: boolean;
  avatarNftSerial: number | null;
  profileViews: number;
  /** When the profile was first saved; null for an account that never saved one. */
  joinedAt: string | null;
}

/** Spec 001 §3: a public profile, with its avatar tiger, tiger count and card badges. */
export interface PublicProfile extends Profile {
  id: string;
  selectedNft: { tokenId: string; serialNumber: number; rarityRank: number | null } | null;
  totalNfts: number;
  /** The best (lowest) rarity rank among the holder's tigers. */
  bestRarityRank: number | null;
  /** At most 3, by the rules of 001 §9. */
  badges: PublicBadge[];
}

export interface ProfileAnswer {
  success: true;
  profile: Profile;
}

export interface PublicProfilesAnswer {
  success: true;
  profiles: PublicProfile[];
  /** Every public profile matching the search (profiles may be capped). */
  total: number;
}
