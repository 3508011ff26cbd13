/**
 * The ledger-read port: what the services know about Hedera state. The real adapter reads the
 * public mirror node; the sandbox serves the same REST shapes, so one client reads both.
 * Amounts are integers in the smallest unit (tinybars, token base units).
 */

export type AccountKeyType = 'ED25519' | 'ECDSA_SECP256K1' | 'ProtobufEncoded';

export interface AccountKey {
  type: AccountKeyType;
  /** Raw public key hex for ED25519/ECDSA; the protobuf-encoded key (a KeyList, threshold key...) otherwise. */
  hex: string;
}

export interface LedgerAccount {
  accountId: string;
  hbarTinybars: bigint;
  key: AccountKey | null;
}

export interface TokenBalance {
  associated: boolean;
  balance: bigint;
  /** Null when the account is not associated (the relationship, which carries the decimals, does not exist). */
  decimals: number | null;
}

export interface LedgerNft {
  tokenId: string;
  serial: number;
  owner: string | null;
  /** The per-serial allowance (one spender per serial). */
  spender: string | null;
  delegatingSpender: string | null;
  /** The on-ledger metadata decoded as UTF-8, usually an `ipfs://` URI of HIP-412 JSON. */
  metadata: string;
  deleted: boolean;
}

export interface RoyaltyFee {
  numerator: number;
  denominator: number;
  collectorAccountId: string | null;
  fallbackFee: { amount: bigint; denominatingTokenId: string | null } | null;
}

export interface LedgerTokenInfo {
  tokenId: string;
  name: string;
  symbol: string;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  decimals: number;
  totalSupply: bigint;
  /** 0 for a token with an infinite supply. */
  maxSupply: bigint;
  treasuryAccountId: string | null;
  royaltyFees: RoyaltyFee[];
}

export interface HbarTransfer {
  account: string;
  amount: bigint;
  isApproval: boolean;
}

export interface TokenTransfer extends HbarTransfer {
  tokenId: string;
}

export interface NftTransfer {
  tokenId: string;
  serial: number;
  sender: string | null;
  receiver: string | null;
  isApproval: boolean;
}

export interface LedgerTransaction {
  /** Mirror form: `0.0.5-1700000000-000000001`. */
  transactionId: string;
  /** Mirror type name, e.g. CRYPTOTRANSFER. */
  name: string;
  /** Hedera status name, e.g. SUCCESS or INSUFFICIENT_TOKEN_BALANCE. */
  result: string;
  consensusTimestamp: string;
  transfers: HbarTransfer[];
  tokenTransfers: TokenTransfer[];
  nftTransfers: NftTransfer[];
}

export interface LedgerReader {
  /** Throws LedgerNotFoundError for an unknown account. */
  getAccount(accountId: string): Promise<LedgerAccount>;
  getTokenBalance(accountId: string, tokenId: string): Promise<TokenBalance>;
  /** Every NFT of `tokenId` the account owns, across all pages, newest serial first. */
  getAccountNfts(accountId: string, tokenId: string): Promise<LedgerNft[]>;
  /** Null when the serial does not exist (never minted). */
  getNft(tokenId: string, serial: number): Promise<LedgerNft | null>;
  /**
   * Owner of every existing serial, across all pages. With `expectedSerials` (e.g. the max supply)
   * the serial ranges up to it are read in parallel instead of page after page.
   */
  getAllNftOwners(tokenId: string, options?: { expectedSerials?: number }): Promise<Map<number, string>>;
  /** Remaining fungible allowance `owner` granted `spender`; 0 when there is none. */
  getTokenAllowance(ownerAccountId: string, tokenId: string, spenderAccountId: string): Promise<bigint>;
  /** True when `owner` approved `spender` for all its serials of `tokenId`. */
  hasNftApprovalForAll(ownerAccountId: string, tokenId: string, spenderAccountId: string): Promise<boolean>;
  getTokenInfo(tokenId: string): Promise<LedgerTokenInfo>;
  /** USD per HBAR from the network exchange rate. */
  getExchangeRate(): Promise<number>;
  /** Accepts the SDK (`@`) or mirror (`-`) form; null until the mirror node has the transaction. */
  getTransaction(transactionId: string): Promise<LedgerTransaction | null>;
}
