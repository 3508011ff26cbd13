/** Test helpers for the sandbox ledger: accounts, keys, freezing and signing transactions. */
import { AccountId, Timestamp, TransactionId, type PrivateKey, type Transaction } from '@hiero-ledger/sdk';
import { createMemoryLedgerLog, type LedgerLog } from '@/sandbox/ledger/ledger-log';
import { createSandboxLedger, type SandboxLedger, type SandboxView } from '@/sandbox/ledger/sandbox-ledger';
import { sandboxPrivateKey } from '@/sandbox/ledger/sandbox-keys';
import { defaultSandboxNetwork } from '@/sandbox/ledger/sandbox-network';

export const net = defaultSandboxNetwork;
export { ALICE, BOB, CAROL, DAVE } from '@/sandbox/ledger/demo-accounts';
export const OPERATOR = net.operatorAccountId;
export const COLLECTOR = net.feeCollectorAccountId;
export const PAWS = net.pawsTokenId;
export const TIGERS = net.nftTokenId;
export const PAWS_UNIT = 10n ** BigInt(net.pawsDecimals);

const keyCache = new Map<string, PrivateKey>();
/** SDK private key of a sandbox key name ('alice', 'operator'...), cached because deriving it is slow. */
export function key(name: string): PrivateKey {
  let found = keyCache.get(name);
  if (!found) {
    found = sandboxPrivateKey(name);
    keyCache.set(name, found);
  }
  return found;
}

let nanos = 0;
/** Sets a unique transaction id paid by `payer` (valid start `startMs`) and the sandbox node, then freezes. */
export function frozen<T extends Transaction>(tx: T, payer: string, startMs = Date.now() - 1000): T {
  nanos = (nanos + 1) % 1_000_000;
  const validStart = new Timestamp(Math.floor(startMs / 1000), (startMs % 1000) * 1_000_000 + nanos);
  return tx
    .setTransactionId(TransactionId.withValidStart(AccountId.fromString(payer), validStart))
    .setNodeAccountIds([AccountId.fromString(net.nodeAccountId)])
    .freeze();
}

/** Signs with each named sandbox key and returns the bytes. */
export async function signed(tx: Transaction, ...keyNames: string[]): Promise<Uint8Array> {
  for (const name of keyNames) await tx.sign(key(name));
  return tx.toBytes();
}

export function newLedger(log: LedgerLog = createMemoryLedgerLog(), now?: () => number): SandboxLedger {
  return createSandboxLedger({ log, ...(now ? { now } : {}) });
}

export function serialsOf(view: SandboxView, accountId: string): number[] {
  return [...(view.state.accounts.get(accountId)?.nfts.get(TIGERS) ?? [])].sort((a, b) => a - b);
}

export function pawsOf(view: SandboxView, accountId: string): bigint | undefined {
  return view.state.accounts.get(accountId)?.tokens.get(PAWS)?.balance;
}

/** Everything a transaction could change, as one string: balances, owners, spenders, allowances, log position. */
export function fingerprint(view: SandboxView): string {
  const { state } = view;
  const accounts = [...state.accounts.values()].map((a) => [
    a.id,
    String(a.hbar),
    [...a.tokens].map(([t, r]) => `${t}=${r.balance}`),
    [...a.tokenAllowances.values()].map((x) => `${x.spender}|${x.tokenId}=${x.amount}/${x.amountGranted}`),
    [...a.hbarAllowances].map(([s, x]) => `${s}=${x.amount}`),
    [...a.nftApprovalsForAll.keys()],
  ]);
  const nfts = (state.tokens.get(TIGERS)?.nfts ?? []).map((n) => (n ? `${n.serial}:${n.owner}:${n.spender}:${n.delegatingSpender}` : ''));
  return JSON.stringify({ accounts, nfts, seq: state.lastSeq, txs: [...state.transactions.keys()] });
}
