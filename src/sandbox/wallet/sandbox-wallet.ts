import { proto } from '@hiero-ledger/proto';
import { AccountAllowanceApproveTransaction, AccountAllowanceDeleteTransaction, PrivateKey, Transaction, TransferTransaction } from '@hiero-ledger/sdk';
import { apiJson } from '@/lib/api';
import { prefixedMessageBytes } from '@/features/auth/sign-in-message';
import { formatUnits } from '@/features/balances/units';
import { base64ToBytes, bytesToBase64 } from '@/features/wallet/base64';
import { SandboxWalletDialog } from './SandboxWalletDialog';
import { submitToNode } from './node-client';
import { type DemoAccount, ask } from './sandbox-prompt-store';
import type { WalletAdapter } from '@/features/wallet/wallet-port';

interface SandboxAccount extends DemoAccount {
  privateKey: string;
}

const SESSION_KEY = 'wildTigers.sandboxWallet';

/** A fungible token as a wallet shows its amounts: its symbol and decimals, read from the mirror node as HashPack reads them. */
interface TokenUnits {
  symbol: string;
  decimals: number;
}
const tokenUnits = new Map<string, Promise<TokenUnits | null>>();

function unitsOf(tokenId: string): Promise<TokenUnits | null> {
  let units = tokenUnits.get(tokenId);
  if (!units) {
    units = apiJson<{ symbol: string; decimals: string }>(`/sandbox/mirror/api/v1/tokens/${tokenId}`)
      .then((token) => ({ symbol: token.symbol, decimals: Number(token.decimals) }))
      .catch(() => null);
    tokenUnits.set(tokenId, units);
  }
  return units;
}

/** An amount of a token in its own units ('800 PAWS'); in base units, said so, when the token cannot be read. */
async function tokenAmount(tokenId: string, amount: { toString(): string } | null | undefined): Promise<string> {
  const units = await unitsOf(tokenId);
  const base = BigInt(amount?.toString() ?? '0');
  return units ? `${formatUnits(base, units.decimals)} ${units.symbol}` : `${base} base units`;
}

async function describe(transaction: Transaction): Promise<string[]> {
  // Class names are minified in the build: recognise the types with instanceof.
  if (transaction instanceof AccountAllowanceApproveTransaction) {
    return [
      'Allowance approval (AccountAllowanceApprove)',
      ...(await Promise.all(
        transaction.tokenApprovals.map(
          async (approval) =>
            `${approval.spenderAccountId?.toString()} may spend ${await tokenAmount(approval.tokenId.toString(), approval.amount)} of token ${approval.tokenId.toString()}`,
        ),
      )),
      ...transaction.tokenNftApprovals.map(
        (approval) => `${approval.spenderAccountId?.toString()} may transfer NFT ${approval.tokenId.toString()} #${(approval.serialNumbers ?? []).join(', #')}`,
      ),
    ];
  }
  if (transaction instanceof AccountAllowanceDeleteTransaction) return ['Allowance removal (AccountAllowanceDelete)'];
  if (!(transaction instanceof TransferTransaction)) return ['Transaction'];
  const lines: string[] = [];
  for (const [account, amount] of transaction.hbarTransfers) lines.push(`${account.toString()}: ${amount.toString()}`);
  for (const [token, transfers] of transaction.tokenTransfers) {
    for (const [account, amount] of transfers) lines.push(`${account.toString()}: ${await tokenAmount(token.toString(), amount)} of token ${token.toString()}`);
  }
  for (const [token, transfers] of transaction.nftTransfers) {
    for (const transfer of transfers)
      lines.push(`NFT ${token.toString()} #${transfer.serial.toString()}: ${transfer.sender.toString()} -> ${transfer.recipient.toString()}`);
  }
  return lines;
}

/**
 * The sandbox wallet (sandbox network only): pick a demo account, approve or reject each request
 * in its prompt, sign in the browser with the account's sandbox key, submit to the sandbox network's
 * consensus node over gRPC-web and answer as a real wallet does, after the precheck and before consensus.
 */
export function createSandboxWallet(): WalletAdapter {
  let accounts: SandboxAccount[] = [];
  let current: string | null = sessionStorage.getItem(SESSION_KEY);

  async function keyOf(accountId: string): Promise<PrivateKey> {
    if (!accounts.length) accounts = await apiJson<SandboxAccount[]>('/sandbox/wallet/accounts');
    const account = accounts.find((candidate) => candidate.accountId === accountId);
    if (!account) throw new Error('Signer is not found for this session');
    return PrivateKey.fromStringED25519(account.privateKey);
  }

  return {
    type: 'sandbox',
    PromptHost: SandboxWalletDialog,

    async connect() {
      accounts = await apiJson<SandboxAccount[]>('/sandbox/wallet/accounts');
      const picked = await ask<'pick'>({ kind: 'pick', accounts: accounts.map(({ accountId, name }) => ({ accountId, name })) });
      if (!picked) throw Object.assign(new Error('User rejected the connection'), { code: 4001 });
      current = picked;
      sessionStorage.setItem(SESSION_KEY, picked);
    },

    accountId: () => current,

    async signMessage(accountId, message) {
      const approved = await ask<'sign-message'>({ kind: 'sign-message', accountId, message });
      if (!approved) throw Object.assign(new Error('User rejected the request'), { code: 4001 });
      const key = await keyOf(accountId);
      const signature = key.sign(prefixedMessageBytes(message));
      const map = proto.SignatureMap.encode({ sigPair: [{ pubKeyPrefix: key.publicKey.toBytesRaw(), ed25519: signature }] }).finish();
      return bytesToBase64(map);
    },

    async signAndExecuteTransaction(accountId, transactionBytes) {
      const transaction = Transaction.fromBytes(base64ToBytes(transactionBytes));
      const transactionId = transaction.transactionId?.toString() ?? '';
      const approved = await ask<'sign-transaction'>({ kind: 'sign-transaction', accountId, transactionId, lines: await describe(transaction) });
      if (!approved) throw Object.assign(new Error('User rejected the transaction'), { code: 4001 });
      await transaction.sign(await keyOf(accountId));
      // Like HashPack: submitted to the node over gRPC-web (here, this origin), the answer comes after
      // the node's precheck, with no receipt; consensus and the mirror node follow.
      const precheck = await submitToNode('', transaction);
      if (precheck.status !== 'OK') throw new Error(`the node refused the transaction: ${precheck.status}`);
      return { transactionId: precheck.transactionId };
    },

    async disconnect() {
      current = null;
      sessionStorage.removeItem(SESSION_KEY);
    },

    // The sandbox wallet never ends a session on its own.
    onSessionEnded() {},
  };
}
