/**
 * Test helper: TransactionDetail bodies as `GET /api/v1/transactions/{id}` answers them (checked
 * against the official OpenAPI by the tests), read through the portfolio's mirror adapter.
 */
import { createPortfolioMirrorAdapter } from '@/features/portfolio/portfolio-mirror-adapter';
import type { TradeTransaction } from '@/features/portfolio/portfolio-ledger-port';
import { fakeFetch } from '../ledger/fake-fetch';

export const TIGERS = '0.0.7000333';
export const PAWS = '0.0.9296439';
export const SAUCE = '0.0.1234567';
export const HOLDER = '0.0.5001';
export const OTHER_BUYER = '0.0.5002';
export const SELLER_A = '0.0.6001';
export const SELLER_B = '0.0.6002';
export const COLLECTOR = '0.0.7777';
export const SENTX = '0.0.8888';
export const PAWS_MARKET = '0.0.7000100';
export const TREASURY = '0.0.7000001';

const NODE = '0.0.3';
const FEE_ACCOUNT = '0.0.98';
const STAKING_REWARD_ACCOUNT = '0.0.800';

export interface DetailInput {
  payer: string;
  seconds: number;
  name?: string;
  chargedTxFee?: number;
  /** Net HBAR per account, the payer's network fee left out (added here to the payer, the node and 0.0.98). */
  hbar?: Record<string, number>;
  /** Net token amounts: [token, account, amount]. */
  tokens?: [string, string, number][];
  nfts?: { serial: number; from: string | null; to: string | null; approved?: boolean }[];
  fees?: { amount: number; collector: string; payers: string[]; token: string | null }[];
  /** Staking rewards paid with the transaction: in the HBAR transfers (from 0.0.800) and listed apart. */
  rewards?: Record<string, number>;
}

/** A TransactionDetail body in the official shape (the answer's `transactions` array of one). */
export function detailBody(input: DetailInput) {
  const fee = input.chargedTxFee ?? 0;
  const hbar = new Map(Object.entries(input.hbar ?? {}));
  if (fee > 0) {
    hbar.set(input.payer, (hbar.get(input.payer) ?? 0) - fee);
    hbar.set(NODE, (hbar.get(NODE) ?? 0) + Math.floor(fee / 10));
    hbar.set(FEE_ACCOUNT, (hbar.get(FEE_ACCOUNT) ?? 0) + fee - Math.floor(fee / 10));
  }
  for (const [account, amount] of Object.entries(input.rewards ?? {})) {
    hbar.set(account, (hbar.get(account) ?? 0) + amount);
    hbar.set(STAKING_REWARD_ACCOUNT, (hbar.get(STAKING_REWARD_ACCOUNT) ?? 0) - amount);
  }
  const validStart = `${input.seconds}.000000000`;
  return {
    transactions: [
      {
        assessed_custom_fees: (input.fees ?? []).map((f) => ({
          amount: f.amount,
          collector_account_id: f.collector,
          effective_payer_account_ids: f.payers,
          token_id: f.token,
        })),
        bytes: null,
        charged_tx_fee: fee,
        consensus_timestamp: `${input.seconds}.000000005`,
        entity_id: null,
        max_custom_fees: [],
        max_fee: '200000000',
        memo_base64: '',
        name: input.name ?? 'CRYPTOTRANSFER',
        nft_transfers: (input.nfts ?? []).map((n) => ({
          is_approval: n.approved ?? false,
          receiver_account_id: n.to,
          sender_account_id: n.from,
          serial_number: n.serial,
          token_id: TIGERS,
        })),
        node: NODE,
        nonce: 0,
        parent_consensus_timestamp: null,
        result: 'SUCCESS',
        scheduled: false,
        staking_reward_transfers: Object.entries(input.rewards ?? {}).map(([account, amount]) => ({ account, amount })),
        token_transfers: (input.tokens ?? []).map(([token, account, amount]) => ({ token_id: token, account, amount, is_approval: false })),
        transaction_hash: 'vigzKe2J7fv4ktHBbNTSzQmKq7Lzdq1/lJMmHT+a2KgvdhAuadlvS4eKeqKjIRmW',
        transaction_id: `${input.payer}-${input.seconds}-000000000`,
        transfers: [...hbar].map(([account, amount]) => ({ account, amount, is_approval: false })),
        valid_duration_seconds: '120',
        valid_start_timestamp: validStart,
      },
    ],
  };
}

/** Reads a detail body through the portfolio's mirror adapter, as the service would. */
export async function readDetail(body: ReturnType<typeof detailBody>): Promise<TradeTransaction> {
  const tx = body.transactions[0];
  if (!tx) throw new Error('empty fixture');
  const url = `https://mirror.test/api/v1/transactions/${tx.transaction_id}?nonce=0`;
  const { fetch } = fakeFetch({ [url]: { status: 200, body: JSON.stringify(body) } });
  const detail = await createPortfolioMirrorAdapter({ baseUrl: 'https://mirror.test', fetch }).transactionDetail({
    transactionId: tx.transaction_id,
    nonce: 0,
    consensusTimestamp: tx.consensus_timestamp,
  });
  if (!detail) throw new Error('fixture not read');
  return detail;
}
