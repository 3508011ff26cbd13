import { ALICE, BOB, CAROL, DAVE } from './demo-accounts';

/** Configuration of the in-process sandbox network; the defaults are what local runs use. */

export interface SandboxDemoAccount {
  /** Shown in the sandbox wallet's account picker. */
  displayName: string;
  accountId: string;
  /** Name the account's key is derived from (see sandbox-keys.ts). */
  keyName: string;
}

export interface SandboxNetwork {
  nodeAccountId: string;
  /** Where the node's gRPC-web endpoint listens (consensus-node.ts), as the mirror's address book publishes it; null: none. */
  nodeWebProxy: { host: string; port: number } | null;
  nftTokenId: string;
  nftName: string;
  nftSymbol: string;
  nftMaxSupply: number;
  /** Serials 1..nftMinted exist; the rest up to nftMaxSupply were never minted. */
  nftMinted: number;
  pawsTokenId: string;
  pawsName: string;
  pawsSymbol: string;
  pawsDecimals: number;
  /** Whole PAWS. */
  pawsSupply: number;
  treasuryAccountId: string;
  /** The PAWS marketplace account: spender of listings' allowances and payer of settlements. */
  operatorAccountId: string;
  /** The stand-in for the external (SentX) market account. */
  marketAccountId: string;
  /** Collector of the collection's royalty (and of PAWS's fractional fee, when it has one). */
  feeCollectorAccountId: string;
  /**
   * The collection's royalty (HIP-18), as mainnet collections carry one (the Wild Tigers token info in
   * tests/fixtures/mirror/token-info-nft.json: 5/100 with a 5 HBAR fallback): a fraction of what the
   * seller receives, and the whole HBAR its fallback charges a receiver who pays nothing. null: none.
   */
  nftRoyalty: { numerator: number; denominator: number; fallbackHbar: number } | null;
  /** Whether the fee collector is associated with PAWS (false: a PAWS sale's royalty cannot reach it). */
  feeCollectorHoldsPaws: boolean;
  /** A fractional fee on PAWS transfers (a setting: none by default), minimum and maximum in base units (0: none). */
  pawsFractionalFee: { numerator: number; denominator: number; minimum: string; maximum: string; netOfTransfers: boolean } | null;
  demoAccounts: readonly SandboxDemoAccount[];
  /** First generated holder; the others follow consecutively. */
  firstHolderNum: number;
  /** Network exchange rate: cents per `hbarEquivalent` HBAR. */
  exchangeRate: { centEquivalent: number; hbarEquivalent: number };
  /** Consensus time of the genesis state, seconds since the epoch. */
  genesisSeconds: number;
  /** How far in the future a transaction's valid start may be, as consensus nodes tolerate clock skew. */
  maxClockSkewSeconds: number;
}

export const defaultSandboxNetwork: SandboxNetwork = Object.freeze({
  nodeAccountId: '0.0.3',
  nodeWebProxy: null,
  nftTokenId: '0.0.7000333',
  nftName: 'Wild Tigers',
  nftSymbol: 'WTIGER',
  nftMaxSupply: 3333,
  nftMinted: 3328,
  pawsTokenId: '0.0.9296439',
  pawsName: 'PAWS',
  pawsSymbol: 'PAWS',
  // The mainnet decimals of 0.0.9296439 could not be confirmed offline; 6 is an assumption.
  pawsDecimals: 6,
  pawsSupply: 1_000_000_000,
  treasuryAccountId: '0.0.7000001',
  operatorAccountId: '0.0.7000100',
  marketAccountId: '0.0.7000200',
  feeCollectorAccountId: '0.0.7000300',
  nftRoyalty: { numerator: 5, denominator: 100, fallbackHbar: 5 },
  feeCollectorHoldsPaws: true,
  pawsFractionalFee: null,
  demoAccounts: Object.freeze([
    { displayName: 'Alice', accountId: ALICE, keyName: 'alice' },
    { displayName: 'Bob', accountId: BOB, keyName: 'bob' },
    { displayName: 'Carol', accountId: CAROL, keyName: 'carol' },
    { displayName: 'Dave', accountId: DAVE, keyName: 'dave' },
  ]),
  firstHolderNum: 7_100_000,
  exchangeRate: { centEquivalent: 525_000, hbarEquivalent: 30_000 },
  genesisSeconds: 1_735_689_600,
  maxClockSkewSeconds: 10,
});
