/**
 * The in-memory state of the sandbox ledger: genesis plus every logged transaction applied in
 * order. Mutated only by apply.ts (and genesis here); everything else reads it.
 */
import type { AccountKeyType } from '@/features/ledger/ledger-reader-port';
import { nftMetadataUri } from '@/sandbox/collection/metadata';
import { sandboxPublicKeyHex } from './sandbox-keys';
import type { SandboxNetwork } from './sandbox-network';
import { sandboxSeed } from './seed';
import type { TransactionRecord } from './transaction-record';
import { formatTimestamp } from './timestamps';

export interface AccountKeyState {
  type: Exclude<AccountKeyType, 'ProtobufEncoded'>;
  hex: string;
}

export interface TokenRelation {
  /** Base units for a fungible token; number of serials held for an NFT token. */
  balance: bigint;
  createdTimestamp: string;
}

export interface AllowanceState {
  amount: bigint;
  amountGranted: bigint;
  timestamp: string;
}

/** A custom fee of a token (HIP-18), as its fee schedule holds it; amounts in base units (tinybars for HBAR). */
export type CustomFeeState = { collector: string; allCollectorsExempt: boolean } & (
  | { kind: 'fixed'; amount: bigint /** null: HBAR. */; denominatingTokenId: string | null }
  | { kind: 'fractional'; numerator: bigint; denominator: bigint; minimum: bigint /** 0: none. */; maximum: bigint; netOfTransfers: boolean }
  | { kind: 'royalty'; numerator: bigint; denominator: bigint; fallback: { amount: bigint; denominatingTokenId: string | null } | null }
);

export interface AccountState {
  id: string;
  key: AccountKeyState;
  hbar: bigint;
  createdTimestamp: string;
  tokens: Map<string, TokenRelation>;
  /** By spender. */
  hbarAllowances: Map<string, AllowanceState>;
  /** By `${spender}|${tokenId}`. */
  tokenAllowances: Map<string, AllowanceState & { spender: string; tokenId: string }>;
  /** Approve-for-all grants by `${spender}|${tokenId}`. */
  nftApprovalsForAll: Map<string, { spender: string; tokenId: string; timestamp: string }>;
  /** Serials held, by token. */
  nfts: Map<string, Set<number>>;
  /** Automatic token association slots: -1 unlimited, 0 none (HIP-23, HIP-904). */
  maxAutoAssociations: number;
  /** Tokens associated automatically so far (each takes a slot). */
  usedAutoAssociations: number;
}

export interface NftState {
  serial: number;
  /** Null once burned: the serial is deleted, as the mirror node shows it (`deleted: true`, `account_id: null`). */
  owner: string | null;
  spender: string | null;
  delegatingSpender: string | null;
  /** The on-ledger metadata bytes, base64. */
  metadata: string;
  createdTimestamp: string;
  modifiedTimestamp: string;
}

export interface TokenState {
  id: string;
  name: string;
  symbol: string;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  decimals: number;
  initialSupply: bigint;
  totalSupply: bigint;
  maxSupply: bigint;
  treasury: string;
  /** The key that must sign a burn (mint is not executed by the sandbox); null: the token cannot be burned. */
  supplyKey: AccountKeyState | null;
  createdTimestamp: string;
  /** Its fee schedule: what the ledger charges on every transfer of it. */
  customFees: CustomFeeState[];
  /** NFT tokens: index = serial; holes are serials never minted. */
  nfts: (NftState | undefined)[];
}

export interface LedgerState {
  network: SandboxNetwork;
  accounts: Map<string, AccountState>;
  tokens: Map<string, TokenState>;
  /** Successful transactions by SDK-form id (`0.0.5@1700000000.000000001`). */
  transactions: Map<string, TransactionRecord>;
  /** Sequence number of the last applied log entry (0 = genesis only). */
  lastSeq: number;
  /** Consensus time of the last applied transaction (or genesis), in nanoseconds. */
  lastConsensusNs: bigint;
}

/** Builds a fresh, mutable genesis state from the deterministic seed. */
export function createGenesisState(network: SandboxNetwork): LedgerState {
  const genesisNs = BigInt(network.genesisSeconds) * 1_000_000_000n;
  const genesis = formatTimestamp(genesisNs);
  const seed = sandboxSeed(network);
  const accounts = new Map<string, AccountState>();
  for (const planned of seed.accounts) {
    const tokens = new Map<string, TokenRelation>();
    if (planned.nftAssociated) tokens.set(network.nftTokenId, { balance: 0n, createdTimestamp: genesis });
    if (planned.paws !== null) tokens.set(network.pawsTokenId, { balance: planned.paws, createdTimestamp: genesis });
    accounts.set(planned.accountId, {
      id: planned.accountId,
      key: { type: 'ED25519', hex: sandboxPublicKeyHex(planned.keyName) },
      hbar: planned.hbarTinybars,
      createdTimestamp: genesis,
      tokens,
      hbarAllowances: new Map(),
      tokenAllowances: new Map(),
      nftApprovalsForAll: new Map(),
      nfts: new Map(),
      maxAutoAssociations: 0,
      usedAutoAssociations: 0,
    });
  }

  const nfts: (NftState | undefined)[] = new Array(network.nftMaxSupply + 1);
  seed.nftOwners.forEach((owner, index) => {
    const serial = index + 1;
    const created = formatTimestamp(genesisNs + BigInt(serial));
    nfts[serial] = {
      serial,
      owner,
      spender: null,
      delegatingSpender: null,
      metadata: Buffer.from(nftMetadataUri(serial)).toString('base64'),
      createdTimestamp: created,
      modifiedTimestamp: created,
    };
    const account = accounts.get(owner);
    if (!account) throw new Error(`Seed assigns serial ${serial} to unknown account ${owner}`);
    const held = account.nfts.get(network.nftTokenId) ?? new Set<number>();
    held.add(serial);
    account.nfts.set(network.nftTokenId, held);
    const relation = account.tokens.get(network.nftTokenId);
    if (relation) relation.balance += 1n;
  });

  const pawsSupply = BigInt(network.pawsSupply) * 10n ** BigInt(network.pawsDecimals);
  const tokens = new Map<string, TokenState>([
    [
      network.nftTokenId,
      {
        id: network.nftTokenId,
        name: network.nftName,
        symbol: network.nftSymbol,
        type: 'NON_FUNGIBLE_UNIQUE',
        decimals: 0,
        initialSupply: 0n,
        totalSupply: BigInt(network.nftMinted),
        maxSupply: BigInt(network.nftMaxSupply),
        treasury: network.treasuryAccountId,
        supplyKey: { type: 'ED25519', hex: sandboxPublicKeyHex(seed.nftSupplyKeyName) },
        createdTimestamp: genesis,
        customFees: nftFees(network),
        nfts,
      },
    ],
    [
      network.pawsTokenId,
      {
        id: network.pawsTokenId,
        name: network.pawsName,
        symbol: network.pawsSymbol,
        type: 'FUNGIBLE_COMMON',
        decimals: network.pawsDecimals,
        initialSupply: pawsSupply,
        totalSupply: pawsSupply,
        maxSupply: pawsSupply,
        treasury: network.treasuryAccountId,
        supplyKey: null,
        createdTimestamp: genesis,
        customFees: pawsFees(network),
        nfts: [],
      },
    ],
  ]);

  return { network, accounts, tokens, transactions: new Map(), lastSeq: 0, lastConsensusNs: genesisNs + BigInt(network.nftMaxSupply) };
}

const TINYBARS_PER_HBAR = 100_000_000n;

/** The collection's fee schedule: its royalty, with a fallback fee in HBAR (sandbox-network.ts). */
function nftFees(network: SandboxNetwork): CustomFeeState[] {
  const royalty = network.nftRoyalty;
  if (!royalty) return [];
  return [
    {
      kind: 'royalty',
      numerator: BigInt(royalty.numerator),
      denominator: BigInt(royalty.denominator),
      fallback: royalty.fallbackHbar > 0 ? { amount: BigInt(royalty.fallbackHbar) * TINYBARS_PER_HBAR, denominatingTokenId: null } : null,
      collector: network.feeCollectorAccountId,
      allCollectorsExempt: false,
    },
  ];
}

/** PAWS's fee schedule: its fractional fee when the network sets one. */
function pawsFees(network: SandboxNetwork): CustomFeeState[] {
  const fee = network.pawsFractionalFee;
  if (!fee) return [];
  return [
    {
      kind: 'fractional',
      numerator: BigInt(fee.numerator),
      denominator: BigInt(fee.denominator),
      minimum: BigInt(fee.minimum),
      maximum: BigInt(fee.maximum),
      netOfTransfers: fee.netOfTransfers,
      collector: network.feeCollectorAccountId,
      allCollectorsExempt: false,
    },
  ];
}
