/** Sandbox state rendered in the official mirror node response shapes (reference/mirror-node-openapi.yml). */
import { compareEntityIds, longZeroEvmAddress } from '@/features/ledger/entity-id';
import { toMirrorTransactionId } from '@/features/ledger/transaction-id';
import type { SandboxNetwork } from './sandbox-network';
import type { AccountState, NftState, TokenState } from './state';
import type { TransactionRecord } from './transaction-record';

const NINETY_DAYS_SECONDS = 7_776_000;

export function accountJson(account: AccountState, balanceTimestamp: string) {
  const tokens = [...account.tokens.entries()].sort(([a], [b]) => compareEntityIds(a, b));
  return {
    account: account.id,
    alias: null,
    auto_renew_period: NINETY_DAYS_SECONDS,
    balance: {
      balance: account.hbar,
      timestamp: balanceTimestamp,
      tokens: tokens.map(([tokenId, relation]) => ({ token_id: tokenId, balance: relation.balance })),
    },
    created_timestamp: account.createdTimestamp,
    decline_reward: false,
    deleted: false,
    ethereum_nonce: 0,
    evm_address: longZeroEvmAddress(account.id),
    expiry_timestamp: null,
    key: { _type: account.key.type, key: account.key.hex },
    max_automatic_token_associations: account.maxAutoAssociations,
    memo: '',
    pending_reward: 0,
    receiver_sig_required: false,
    staked_account_id: null,
    staked_node_id: null,
    stake_period_start: null,
  };
}

export function tokenRelationshipJson(tokenId: string, token: TokenState | undefined, balance: bigint, createdTimestamp: string) {
  return {
    automatic_association: false,
    balance,
    created_timestamp: createdTimestamp,
    decimals: token?.decimals ?? 0,
    freeze_status: 'NOT_APPLICABLE',
    kyc_status: 'NOT_APPLICABLE',
    token_id: tokenId,
  };
}

/**
 * Nft. A burned serial is `deleted: true` with no account and no spenders: the mirror node's upsert
 * of an NFT row nulls `account_id` once deleted (hiero-mirror-node `AbstractNft.accountId`
 * "case when deleted = true then null", TokenBurnTransactionHandler writes the burned serial as
 * deleted with no spender), as the official spec fixture nft-null-account has it.
 */
export function nftJson(tokenId: string, nft: NftState) {
  return {
    account_id: nft.owner,
    created_timestamp: nft.createdTimestamp,
    delegating_spender: nft.delegatingSpender,
    deleted: nft.owner === null,
    metadata: nft.metadata,
    modified_timestamp: nft.modifiedTimestamp,
    serial_number: nft.serial,
    spender: nft.spender,
    token_id: tokenId,
  };
}

/**
 * TokenInfo: supplies and decimals are strings; the sandbox tokens have no keys but the
 * collection's supply key.
 * The fungible token (PAWS) reports an infinite supply with `max_supply` "0", as mainnet PAWS does;
 * the NFT collection a finite one.
 */
export function tokenInfoJson(token: TokenState) {
  const infinite = token.type === 'FUNGIBLE_COMMON';
  return {
    admin_key: null,
    auto_renew_account: null,
    auto_renew_period: null,
    created_timestamp: token.createdTimestamp,
    custom_fees: customFeesJson(token),
    decimals: String(token.decimals),
    deleted: false,
    expiry_timestamp: null,
    fee_schedule_key: null,
    freeze_default: false,
    freeze_key: null,
    initial_supply: String(token.initialSupply),
    kyc_key: null,
    max_supply: infinite ? '0' : String(token.maxSupply),
    memo: '',
    metadata_key: null,
    modified_timestamp: token.createdTimestamp,
    name: token.name,
    pause_key: null,
    pause_status: 'NOT_APPLICABLE',
    supply_key: token.supplyKey ? { _type: token.supplyKey.type, key: token.supplyKey.hex } : null,
    supply_type: infinite ? 'INFINITE' : 'FINITE',
    symbol: token.symbol,
    token_id: token.id,
    total_supply: String(token.totalSupply),
    treasury_account_id: token.treasury,
    type: token.type,
    wipe_key: null,
  };
}

/**
 * CustomFees of a token: fixed fees, and fractional fees for a fungible token or royalty fees for an
 * NFT class (the other list is absent, as the mirror node's CustomFees shows them: spec
 * tokens/{id}/ cases 'token-fungible' and 'token-nft-royalty-fees'); amounts are numbers.
 */
function customFeesJson(token: TokenState) {
  const fixed = token.customFees.flatMap((fee) =>
    fee.kind === 'fixed'
      ? [
          {
            all_collectors_are_exempt: fee.allCollectorsExempt,
            amount: fee.amount,
            collector_account_id: fee.collector,
            denominating_token_id: fee.denominatingTokenId,
          },
        ]
      : [],
  );
  const fractional = token.customFees.flatMap((fee) =>
    fee.kind === 'fractional'
      ? [
          {
            all_collectors_are_exempt: fee.allCollectorsExempt,
            amount: { denominator: fee.denominator, numerator: fee.numerator },
            collector_account_id: fee.collector,
            denominating_token_id: token.id,
            maximum: fee.maximum === 0n ? null : fee.maximum,
            minimum: fee.minimum,
            net_of_transfers: fee.netOfTransfers,
          },
        ]
      : [],
  );
  const royalty = token.customFees.flatMap((fee) =>
    fee.kind === 'royalty'
      ? [
          {
            all_collectors_are_exempt: fee.allCollectorsExempt,
            amount: { denominator: fee.denominator, numerator: fee.numerator },
            collector_account_id: fee.collector,
            fallback_fee: fee.fallback && { amount: fee.fallback.amount, denominating_token_id: fee.fallback.denominatingTokenId },
          },
        ]
      : [],
  );
  return {
    created_timestamp: token.createdTimestamp,
    fixed_fees: fixed,
    ...(token.type === 'FUNGIBLE_COMMON' ? { fractional_fees: fractional } : { royalty_fees: royalty }),
  };
}

export function tokenAllowanceJson(owner: string, allowance: { spender: string; tokenId: string; amount: bigint; amountGranted: bigint; timestamp: string }) {
  return {
    amount: allowance.amount,
    amount_granted: allowance.amountGranted,
    owner,
    spender: allowance.spender,
    timestamp: { from: allowance.timestamp, to: null },
    token_id: allowance.tokenId,
  };
}

export function nftAllowanceJson(owner: string, spender: string, tokenId: string, timestamp: string) {
  return { approved_for_all: true, owner, spender, timestamp: { from: timestamp, to: null }, token_id: tokenId };
}

/** TransactionDetail, with the custom fees the ledger charged (the sandbox charges no network fees). */
export function transactionJson(record: TransactionRecord) {
  return {
    assessed_custom_fees: record.assessedCustomFees.map((fee) => ({
      amount: fee.amount,
      collector_account_id: fee.collector,
      effective_payer_account_ids: fee.payers,
      token_id: fee.tokenId,
    })),
    bytes: null,
    charged_tx_fee: 0,
    consensus_timestamp: record.consensusTimestamp,
    entity_id: record.entityId,
    max_custom_fees: [],
    max_fee: String(record.maxFee),
    memo_base64: Buffer.from(record.memo).toString('base64'),
    name: record.name,
    nft_transfers: record.nftTransfers.map((n) => ({
      is_approval: n.isApproval,
      receiver_account_id: n.receiver,
      sender_account_id: n.sender,
      serial_number: n.serial,
      token_id: n.tokenId,
    })),
    node: record.node,
    nonce: 0,
    parent_consensus_timestamp: null,
    result: record.result,
    scheduled: false,
    staking_reward_transfers: [],
    token_transfers: record.tokenTransfers.map((t) => ({ token_id: t.tokenId, account: t.account, amount: t.amount, is_approval: t.isApproval })),
    transaction_hash: record.transactionHash,
    transaction_id: toMirrorTransactionId(record.transactionId) ?? record.transactionId,
    transfers: record.transfers.map((t) => ({ account: t.account, amount: t.amount, is_approval: t.isApproval })),
    valid_duration_seconds: String(record.validDurationSeconds),
    valid_start_timestamp: record.validStartTimestamp,
  };
}

/**
 * NetworkNode of the address book: the sandbox's one consensus node, with its gRPC-web endpoint
 * (consensus-node.ts) as `grpc_proxy_endpoint` (ServiceEndpoint: an IPv4 address or a domain name).
 */
export function networkNodeJson(network: SandboxNetwork, genesisTimestamp: string) {
  const nodeNum = Number(network.nodeAccountId.split('.')[2] ?? 3);
  return {
    admin_key: null,
    decline_reward: true,
    description: 'Wild Tigers sandbox consensus node',
    file_id: '0.0.102',
    grpc_proxy_endpoint: network.nodeWebProxy ? serviceEndpointJson(network.nodeWebProxy) : null,
    max_stake: 0,
    memo: network.nodeAccountId,
    min_stake: 0,
    node_account_id: network.nodeAccountId,
    node_cert_hash: '0x',
    node_id: nodeNum - 3,
    public_key: '0x',
    reward_rate_start: 0,
    service_endpoints: [{ domain_name: '', ip_address_v4: '127.0.0.1', port: 50211 }],
    stake: 0,
    stake_not_rewarded: 0,
    stake_rewarded: 0,
    staking_period: null,
    timestamp: { from: genesisTimestamp, to: null },
  };
}

function serviceEndpointJson({ host, port }: { host: string; port: number }) {
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
  return { domain_name: ip ? '' : host, ip_address_v4: ip ? host : '', port };
}
