/** Applies validated Effects to the state. Only called after the log accepted the transaction. */
import type { Effects } from './effects';
import { SandboxLogError } from './sandbox-errors';
import type { AccountState, LedgerState } from './state';

export function applyEffects(state: LedgerState, effects: Effects, consensusTimestamp: string): void {
  for (const { account: accountId, tokenId, automatic } of effects.associations) {
    const holder = account(state, accountId);
    holder.tokens.set(tokenId, { balance: 0n, createdTimestamp: consensusTimestamp });
    if (automatic) holder.usedAutoAssociations += 1;
  }
  for (const [accountId, delta] of effects.hbar) account(state, accountId).hbar += delta;
  for (const [tokenId, deltas] of effects.tokens) {
    for (const [accountId, delta] of deltas) relation(account(state, accountId), tokenId).balance += delta;
  }

  for (const move of effects.nftMoves) {
    const nft = state.tokens.get(move.tokenId)?.nfts[move.serial];
    if (!nft?.owner) throw new SandboxLogError(`apply: serial ${move.serial} of ${move.tokenId} does not exist`);
    const from = account(state, nft.owner);
    const to = account(state, move.to);
    from.nfts.get(move.tokenId)?.delete(move.serial);
    relation(from, move.tokenId).balance -= 1n;
    const held = to.nfts.get(move.tokenId) ?? new Set<number>();
    held.add(move.serial);
    to.nfts.set(move.tokenId, held);
    relation(to, move.tokenId).balance += 1n;
    // As on Hedera, an NFT that changes owner loses its per-serial allowance.
    Object.assign(nft, { owner: move.to, spender: null, delegatingSpender: null, modifiedTimestamp: consensusTimestamp });
  }

  for (const change of effects.hbarAllowances) {
    const allowances = account(state, change.owner).hbarAllowances;
    if (change.amount === 0n) allowances.delete(change.spender);
    else {
      const granted = change.granted ?? allowances.get(change.spender)?.amountGranted ?? change.amount;
      allowances.set(change.spender, { amount: change.amount, amountGranted: granted, timestamp: consensusTimestamp });
    }
  }
  for (const change of effects.tokenAllowances) {
    const allowances = account(state, change.owner).tokenAllowances;
    const key = `${change.spender}|${change.tokenId}`;
    if (change.amount === 0n) allowances.delete(key);
    else {
      const granted = change.granted ?? allowances.get(key)?.amountGranted ?? change.amount;
      allowances.set(key, { spender: change.spender, tokenId: change.tokenId, amount: change.amount, amountGranted: granted, timestamp: consensusTimestamp });
    }
  }
  for (const change of effects.nftSpenders) {
    const nft = state.tokens.get(change.tokenId)?.nfts[change.serial];
    if (!nft) throw new SandboxLogError(`apply: serial ${change.serial} of ${change.tokenId} does not exist`);
    Object.assign(nft, { spender: change.spender, delegatingSpender: change.delegatingSpender, modifiedTimestamp: consensusTimestamp });
  }
  for (const burn of effects.nftBurns) {
    const token = state.tokens.get(burn.tokenId);
    const nft = token?.nfts[burn.serial];
    if (!token || nft?.owner !== burn.from) throw new SandboxLogError(`apply: ${burn.from} does not hold serial ${burn.serial} of ${burn.tokenId}`);
    const from = account(state, burn.from);
    from.nfts.get(burn.tokenId)?.delete(burn.serial);
    relation(from, burn.tokenId).balance -= 1n;
    token.totalSupply -= 1n;
    // The mirror node's burned serial: deleted, no owner, no spenders (hiero-mirror-node AbstractNft upsert).
    Object.assign(nft, { owner: null, spender: null, delegatingSpender: null, modifiedTimestamp: consensusTimestamp });
  }
  for (const change of effects.approvalsForAll) {
    const approvals = account(state, change.owner).nftApprovalsForAll;
    const key = `${change.spender}|${change.tokenId}`;
    if (change.approved) approvals.set(key, { spender: change.spender, tokenId: change.tokenId, timestamp: consensusTimestamp });
    else approvals.delete(key);
  }
}

function account(state: LedgerState, accountId: string): AccountState {
  const found = state.accounts.get(accountId);
  if (!found) throw new SandboxLogError(`apply: account ${accountId} does not exist`);
  return found;
}

function relation(holder: AccountState, tokenId: string) {
  const found = holder.tokens.get(tokenId);
  if (!found) throw new SandboxLogError(`apply: ${holder.id} is not associated with ${tokenId}`);
  return found;
}
