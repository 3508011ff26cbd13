/**
 * Signature rules of the sandbox ledger: which accounts must sign a transaction, and whether
 * their keys signed the exact body bytes submitted to the sandbox node.
 */
import { PublicKey } from '@hiero-ledger/sdk';
import type { DecodedTransaction } from './decode';
import type { LedgerStatus } from './ledger-status';
import { verifyEd25519 } from './sandbox-keys';
import type { AccountKeyState, LedgerState } from './state';

/** Accounts whose keys must sign: the payer, every non-approved debit, every allowance owner, the account an association is for (a burn: the payer only). */
function requiredSigners(tx: DecodedTransaction): string[] {
  const signers = new Set<string>([tx.payer]);
  const body = tx.body;
  switch (body.name) {
    case 'CRYPTOTRANSFER':
      for (const leg of [...body.hbar, ...body.tokens]) if (leg.amount < 0n && !leg.isApproval) signers.add(leg.account);
      for (const leg of body.nfts) if (!leg.isApproval) signers.add(leg.sender);
      break;
    case 'CRYPTOAPPROVEALLOWANCE':
      for (const grant of [...body.hbar, ...body.tokens]) signers.add(grant.owner);
      // A delegating spender (holding approve-for-all) grants a serial in the owner's place.
      for (const grant of body.nfts) signers.add(grant.delegatingSpender ?? grant.owner);
      break;
    case 'CRYPTODELETEALLOWANCE':
      for (const removal of body.nfts) signers.add(removal.owner);
      break;
    case 'TOKENBURN':
      break;
    case 'TOKENASSOCIATE':
      signers.add(body.account);
      break;
  }
  return [...signers];
}

/** Keys that must sign besides the accounts': a burn's token supply key (none when the token has none, which the burn's rules refuse). */
function requiredTokenKeys(tx: DecodedTransaction, state: LedgerState): AccountKeyState[] {
  const supplyKey = tx.body.name === 'TOKENBURN' ? state.tokens.get(tx.body.tokenId)?.supplyKey : null;
  return supplyKey ? [supplyKey] : [];
}

/**
 * Null when every required signer (or only the payer, as a node's precheck checks) signed the
 * body meant for `nodeAccountId`; else the failing status.
 */
export function checkSignatures(tx: DecodedTransaction, state: LedgerState, nodeAccountId: string, only: 'payer' | 'all' = 'all'): LedgerStatus | null {
  const signable = tx.transaction.signableNodeBodyBytesList.find((entry) => entry.nodeAccountId.toString() === nodeAccountId);
  if (!signable) return 'INVALID_NODE_ACCOUNT';
  const signatures = signaturesFor(tx, nodeAccountId);
  if (!signatures) return 'INVALID_SIGNATURE';
  for (const accountId of only === 'payer' ? [tx.payer] : requiredSigners(tx)) {
    const account = state.accounts.get(accountId);
    if (!account) return accountId === tx.payer ? 'PAYER_ACCOUNT_NOT_FOUND' : 'INVALID_ACCOUNT_ID';
    if (!signedBy(account.key, signatures, signable.signableTransactionBodyBytes)) return 'INVALID_SIGNATURE';
  }
  if (only === 'all') {
    for (const key of requiredTokenKeys(tx, state)) if (!signedBy(key, signatures, signable.signableTransactionBodyBytes)) return 'INVALID_SIGNATURE';
  }
  return null;
}

function signedBy(key: AccountKeyState, signatures: Map<string, Uint8Array>, message: Uint8Array): boolean {
  const signature = signatures.get(key.hex);
  return signature !== undefined && verifyKey(key, message, signature);
}

/** Signatures on the node's body, by raw public key hex; null when the signature map is unreadable. */
function signaturesFor(tx: DecodedTransaction, nodeAccountId: string): Map<string, Uint8Array> | null {
  try {
    const byKey = new Map<string, Uint8Array>();
    const pairs = tx.transaction.getSignatures().get(nodeAccountId)?.get(tx.transactionId);
    for (const [publicKey, signature] of pairs ?? []) byKey.set(publicKey.toStringRaw().toLowerCase(), signature);
    return byKey;
  } catch {
    return null;
  }
}

function verifyKey(key: AccountKeyState, message: Uint8Array, signature: Uint8Array): boolean {
  if (key.type === 'ED25519') return verifyEd25519(key.hex, message, signature);
  try {
    return PublicKey.fromBytesECDSA(Buffer.from(key.hex, 'hex')).verify(message, signature);
  } catch {
    return false;
  }
}
