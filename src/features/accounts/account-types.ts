/** What the app says of any account: its public name, and the tigers it holds (the API's answers). */

/** The accounts one GET /api/profile-names asks about at most (one DynamoDB BatchGetItem). */
export const PROFILE_NAMES_MAX = 100;

/** GET /api/profile-names: the name of each asked account whose profile is public and named (others are left out). */
export interface ProfileNamesAnswer {
  success: true;
  names: Record<string, string>;
}

/** One tiger an account holds, as GET /api/profile/{accountId}/nfts answers it. */
export interface OwnedNft {
  id: string;
  tokenId: string;
  serialNumber: number;
  nftName: string;
  nftImage: string;
  metadata: string;
  isListed: boolean;
  /**
   * The marketplace holds this tiger's per-serial allowance on the ledger (false when unknown, as
   * in the stored copy). Not listed yet approved: an unlist whose revocation was not finished.
   */
  marketplaceApproved: boolean;
  rarityRank: number | null;
  rarityPct: number | null;
  rarityScore: number | null;
  traits: { trait_type: string; value: string }[];
}

export interface OwnedNftsAnswer {
  success: true;
  nfts: OwnedNft[];
  /** True when read from the ledger just now; false for the stored copy. */
  verified: boolean;
  source: 'ledger' | 'database-fallback';
  syncedAt: string | null;
}
