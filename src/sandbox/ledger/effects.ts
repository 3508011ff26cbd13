/** The state changes a valid transaction makes, computed by validation and applied by apply.ts. */

/** An AssessedCustomFee of the record: token null for HBAR. */
export interface AssessedFee {
  amount: bigint;
  tokenId: string | null;
  collector: string;
  payers: string[];
}

export interface AllowanceChange {
  owner: string;
  spender: string;
  /** New remaining amount; 0 removes the allowance. */
  amount: bigint;
  /** New granted amount, or null to keep the existing one (a spend). */
  granted: bigint | null;
}

export interface Effects {
  /** Net HBAR change by account. */
  hbar: Map<string, bigint>;
  /** Net fungible change by token, then account. */
  tokens: Map<string, Map<string, bigint>>;
  /** NFT owner changes, in leg order. */
  nftMoves: { tokenId: string; serial: number; to: string }[];
  hbarAllowances: AllowanceChange[];
  tokenAllowances: (AllowanceChange & { tokenId: string })[];
  nftSpenders: { tokenId: string; serial: number; spender: string | null; delegatingSpender: string | null }[];
  approvalsForAll: { owner: string; spender: string; tokenId: string; approved: boolean }[];
  /** Serials burned, each from the treasury holding it (which the record names as the sender). */
  nftBurns: { tokenId: string; serial: number; from: string }[];
  /** Token relations created, with a zero balance; `automatic` ones take one of the account's slots. */
  associations: { account: string; tokenId: string; automatic?: boolean }[];
  /** The custom fees the ledger charged, in the record's order. */
  assessedFees: AssessedFee[];
}

export function emptyEffects(): Effects {
  return {
    hbar: new Map(),
    tokens: new Map(),
    nftMoves: [],
    hbarAllowances: [],
    tokenAllowances: [],
    nftSpenders: [],
    approvalsForAll: [],
    nftBurns: [],
    associations: [],
    assessedFees: [],
  };
}
