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
  /** Null when the NFT is deleted (burned; the mirror node may still name its last account) or has no account. */
  owner: string | null;
  /** The per-serial allowance (one spender per serial). */
  spender: string | null;
  delegatingSpender: string | null;
  /** The on-ledger metadata decoded as UTF-8, usually an `ipfs://` URI of HIP-412 JSON. */
  metadata: string;
  deleted: boolean;
}

/** A token's custom fees as the mirror node shows them (CustomFees); amounts in base units (tinybars for HBAR). */
export interface FixedFee {
  amount: bigint;
  /** null: HBAR. */
  denominatingTokenId: string | null;
  collectorAccountId: string | null;
  allCollectorsExempt: boolean;
}

export interface FractionalFee {
  numerator: bigint;
  denominator: bigint;
  minimum: bigint;
  /** null or 0: no maximum. */
  maximum: bigint | null;
  /** true: the receivers pay it on top (the sender sends the amount); false: taken out of what receivers get. */
  netOfTransfers: boolean;
  collectorAccountId: string | null;
  allCollectorsExempt: boolean;
}

export interface RoyaltyFee {
  numerator: bigint;
  denominator: bigint;
  collectorAccountId: string | null;
  fallbackFee: { amount: bigint; denominatingTokenId: string | null } | null;
  allCollectorsExempt: boolean;
}

export interface CustomFees {
  fixed: FixedFee[];
  fractional: FractionalFee[];
  royalty: RoyaltyFee[];
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
  customFees: CustomFees;
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
  /** Serial numbers are int64: a number while safe, the exact bigint beyond 2^53 (never equal to a number). */
  serial: number | bigint;
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
  /** 0 for the transaction the payer submitted; child records (made by the network) count up from 1. */
  nonce: number;
  /** True for the execution of a scheduled transaction (its id is the schedule's ScheduleCreate id). */
  scheduled: boolean;
  transfers: HbarTransfer[];
  tokenTransfers: TokenTransfer[];
  nftTransfers: NftTransfer[];
}

/** Which record of a transaction id to read (the mirror node's `nonce` and `scheduled` filters). */
export interface TransactionLookup {
  /** Default 0: the transaction the payer submitted. */
  nonce?: number;
  /** Default false; true for the execution of a scheduled transaction. */
  scheduled?: boolean;
}

export interface ServiceEndpoint {
  /** Empty when the endpoint is given by address. */
  domainName: string;
  /** Empty when the endpoint is given by domain name. */
  ipAddressV4: string;
  port: number;
}

export interface LedgerNetworkNode {
  nodeId: number;
  /** The account to name in a transaction's node account ids. */
  nodeAccountId: string | null;
  /** gRPC endpoints of the consensus node. */
  serviceEndpoints: ServiceEndpoint[];
  /** The node's gRPC-web proxy (what a browser client calls); null when it has none. */
  grpcProxyEndpoint: ServiceEndpoint | null;
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
   * Several serials at once, read by serial range (one page per hundred serials, not one request
   * per serial); serials that do not exist are absent from the map.
   */
  getNftsBySerial(tokenId: string, serials: readonly number[]): Promise<Map<number, LedgerNft>>;
  /**
   * True when the account can receive the token now: it is associated, or it has a free automatic
   * association slot (max_automatic_token_associations -1, or above the automatic associations it has).
   */
  canReceiveToken(accountId: string, tokenId: string): Promise<boolean>;
  /**
   * Owner of every existing serial, across all pages. With `expectedSerials` (e.g. the max supply)
   * the serial ranges up to it are read in parallel instead of page after page.
   */
  getAllNftOwners(tokenId: string, options?: { expectedSerials?: number }): Promise<Map<number, string>>;
  /** Every serial of `tokenId` with its owner and on-ledger metadata (deleted ones included), read as getAllNftOwners reads them. */
  getAllNfts(tokenId: string, options?: { expectedSerials?: number }): Promise<LedgerNft[]>;
  /** Remaining fungible allowance `owner` granted `spender`; 0 when there is none. */
  getTokenAllowance(ownerAccountId: string, tokenId: string, spenderAccountId: string): Promise<bigint>;
  /** True when `owner` approved `spender` for all its serials of `tokenId`. */
  hasNftApprovalForAll(ownerAccountId: string, tokenId: string, spenderAccountId: string): Promise<boolean>;
  getTokenInfo(tokenId: string): Promise<LedgerTokenInfo>;
  /** USD per HBAR from the network exchange rate. */
  getExchangeRate(): Promise<number>;
  /**
   * Accepts the SDK (`@`) or mirror (`-`) form; null until the mirror node has the transaction.
   * Without `lookup`, the record the payer submitted (nonce 0, not scheduled), read from the
   * unfiltered list; with it, the mirror node's `scheduled`/`nonce` filters are sent and the record
   * matching them is returned. Only records with this transaction id are considered (an atomic
   * batch lists its inner transactions too); of several (a DUPLICATE_TRANSACTION after the
   * original), the first in consensus order.
   */
  getTransaction(transactionId: string, lookup?: TransactionLookup): Promise<LedgerTransaction | null>;
  /** The consensus nodes of the current address book, across all pages, by node id. */
  getNetworkNodes(): Promise<LedgerNetworkNode[]>;
}
