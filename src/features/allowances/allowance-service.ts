import { DomainError } from '@/lib/domain-error';
import { remainingBudgetMs } from '@/platform/request-budget';
import { MAX_TOKEN_UNITS, formatUnits, parseUnits } from '@/features/balances/units';
import type { LedgerReader } from '@/features/ledger/ledger-reader-port';
import type { ReceiptReader } from '@/features/ledger/ledger-writer-port';
import { confirmFirst } from '@/features/ledger/transaction-confirmation';
import { allowanceBatches } from './allowance-rules';
import type { FreezeOptions } from './allowance-transactions';

/** The allowance transactions are built with the ledger SDK: loaded with the first one, so that a cold start that only reads does not load the SDK. */
const transactions = () => import('./allowance-transactions');

/** How long one status request waits for a transaction's outcome (its receipt, or the mirror node's record; the client asks again after). */
export const STATUS_WAIT_MS = 8_000;
/** Kept back from the request's budget to answer. */
const ANSWER_RESERVE_MS = 1_000;

export interface AllowanceSettings {
  nftTokenId: string;
  pawsTokenId: string;
  marketplaceAccountId: string;
  nodeAccountIds: readonly string[];
}

/** Reads allowances from the ledger, and prepares approve/delete transactions for the signed-in owner. */
export function createAllowanceService(ledger: LedgerReader, settings: AllowanceSettings, receipts?: ReceiptReader) {
  const freezeFor = (owner: string): FreezeOptions => ({ payerAccountId: owner, nodeAccountIds: settings.nodeAccountIds });

  function requireOwner(sessionAccountId: string, ownerAccountId: string): void {
    if (sessionAccountId !== ownerAccountId) throw new DomainError('NOT_YOUR_ACCOUNT', 'You can only approve allowances for your own account');
  }

  function requireMarketplaceSpender(spenderAccountId: string): void {
    if (spenderAccountId !== settings.marketplaceAccountId) {
      throw new DomainError('WRONG_SPENDER', `Allowances can only be granted to the Wild Tigers marketplace account ${settings.marketplaceAccountId}`);
    }
  }

  async function requireOwnedTiger(owner: string, tokenId: string, serial: number): Promise<void> {
    if (tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${settings.nftTokenId}) can be approved here`);
    const nft = await ledger.getNft(tokenId, serial);
    if (!nft || nft.deleted) throw new DomainError('TIGER_NOT_FOUND', `Wild Tiger #${serial} does not exist`);
    if (nft.owner !== owner) throw new DomainError('NOT_TIGER_OWNER', `Wild Tiger #${serial} is not owned by ${owner}`);
  }

  /** Every serial must be the owner's: read with the owner's NFTs (a page per hundred), a serial not among them refused as requireOwnedTiger refuses it. */
  async function requireOwnedTigers(owner: string, tokenId: string, serials: readonly number[]): Promise<void> {
    if (tokenId !== settings.nftTokenId) throw new DomainError('WRONG_TOKEN', `Only Wild Tigers (${settings.nftTokenId}) can be approved here`);
    const held = new Set((await ledger.getAccountNfts(owner, tokenId)).filter((nft) => !nft.deleted).map((nft) => nft.serial));
    for (const serial of serials) if (!held.has(serial)) await requireOwnedTiger(owner, tokenId, serial);
  }

  return {
    /** The remaining fungible allowance in whole token units, as a decimal string. */
    async tokenAllowance(owner: string, tokenId: string, spender: string): Promise<string> {
      const [amount, info] = await Promise.all([ledger.getTokenAllowance(owner, tokenId, spender), ledger.getTokenInfo(tokenId)]);
      return formatUnits(amount, info.decimals);
    },

    /** True when `spender` may transfer this serial of `owner` (per-serial or approve-for-all). */
    async hasNftAllowance(owner: string, tokenId: string, serial: number, spender: string): Promise<boolean> {
      const nft = await ledger.getNft(tokenId, serial);
      if (!nft || nft.deleted || nft.owner !== owner) return false;
      if (nft.spender === spender) return true;
      return ledger.hasNftApprovalForAll(owner, tokenId, spender);
    },

    async prepareNftAllowance(sessionAccountId: string, input: { ownerAccountId: string; tokenId: string; serialNumber: number; spenderAccountId: string }) {
      requireOwner(sessionAccountId, input.ownerAccountId);
      requireMarketplaceSpender(input.spenderAccountId);
      await requireOwnedTiger(input.ownerAccountId, input.tokenId, input.serialNumber);
      const owner = input.ownerAccountId;
      return (await transactions()).nftAllowanceApproveBytes(
        { owner, tokenId: input.tokenId, serials: [input.serialNumber], spender: input.spenderAccountId },
        freezeFor(owner),
      );
    },

    /** Approvals of the marketplace for several of the owner's tigers: as few transactions as the allowance limit allows (20 serials each). */
    async prepareNftAllowances(
      sessionAccountId: string,
      input: { ownerAccountId: string; tokenId: string; serialNumbers: readonly number[]; spenderAccountId: string },
    ) {
      requireOwner(sessionAccountId, input.ownerAccountId);
      requireMarketplaceSpender(input.spenderAccountId);
      await requireOwnedTigers(input.ownerAccountId, input.tokenId, input.serialNumbers);
      const owner = input.ownerAccountId;
      const built = await transactions();
      return {
        transactions: allowanceBatches(input.serialNumbers).map((serials) => ({
          serialNumbers: serials,
          ...built.nftAllowanceApproveBytes({ owner, tokenId: input.tokenId, serials, spender: input.spenderAccountId }, freezeFor(owner)),
        })),
      };
    },

    async prepareTokenAllowance(sessionAccountId: string, input: { ownerAccountId: string; tokenId: string; amount: string; spenderAccountId: string }) {
      requireOwner(sessionAccountId, input.ownerAccountId);
      requireMarketplaceSpender(input.spenderAccountId);
      if (input.tokenId !== settings.pawsTokenId) throw new DomainError('WRONG_TOKEN', `Only PAWS (${settings.pawsTokenId}) can be approved here`);
      const { decimals } = await ledger.getTokenInfo(input.tokenId);
      // 0 removes the allowance (lowering it after the buyer cancelled their last offer).
      const amount = parseUnits(input.amount, decimals);
      if (amount === undefined) throw new DomainError('INVALID_AMOUNT', `Invalid amount: a number of at least 0 with at most ${decimals} decimals`);
      if (amount > MAX_TOKEN_UNITS) {
        throw new DomainError('INVALID_AMOUNT', `Invalid amount: at most ${formatUnits(MAX_TOKEN_UNITS, decimals)}, the most the ledger can hold`);
      }
      const owner = input.ownerAccountId;
      return (await transactions()).tokenAllowanceApproveBytes({ owner, tokenId: input.tokenId, amount, spender: input.spenderAccountId }, freezeFor(owner));
    },

    /**
     * How a transaction ended, waiting up to 8 s: success, failed (with its status), pending (not
     * known yet: ask again) or expired (it never will be). The mirror node's record when it shows
     * one; else the consensus nodes' receipt, which comes at consensus (`source: 'receipt'`), and the
     * mirror again when no receipt came. `mirror`: only the mirror's record counts (a caller about
     * to read the state the transaction made from the mirror).
     */
    async transactionStatus(transactionId: string, { mirror = false }: { mirror?: boolean } = {}) {
      const deadlineMs = Math.max(0, Math.min(STATUS_WAIT_MS, (remainingBudgetMs() ?? STATUS_WAIT_MS + ANSWER_RESERVE_MS) - ANSWER_RESERVE_MS));
      return { success: true, transactionId, ...(await confirmFirst(ledger, transactionId, deadlineMs, mirror ? undefined : receipts)) };
    },

    async prepareNftAllowanceDelete(sessionAccountId: string, input: { ownerAccountId: string; tokenId: string; serialNumber: number }) {
      requireOwner(sessionAccountId, input.ownerAccountId);
      await requireOwnedTiger(input.ownerAccountId, input.tokenId, input.serialNumber);
      const owner = input.ownerAccountId;
      return (await transactions()).nftAllowanceDeleteBytes({ owner, tokenId: input.tokenId, serials: [input.serialNumber] }, freezeFor(owner));
    },

    /** Revocations of every spender's allowance on several of the owner's tigers: as few transactions as the allowance limit allows. */
    async prepareNftAllowanceDeletes(sessionAccountId: string, input: { ownerAccountId: string; tokenId: string; serialNumbers: readonly number[] }) {
      requireOwner(sessionAccountId, input.ownerAccountId);
      await requireOwnedTigers(input.ownerAccountId, input.tokenId, input.serialNumbers);
      const owner = input.ownerAccountId;
      const built = await transactions();
      return {
        transactions: allowanceBatches(input.serialNumbers).map((serials) => ({
          serialNumbers: serials,
          ...built.nftAllowanceDeleteBytes({ owner, tokenId: input.tokenId, serials }, freezeFor(owner)),
        })),
      };
    },
  };
}
