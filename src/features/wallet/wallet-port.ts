/** The wallet port: what the wallet store asks of a wallet, WalletConnect's (walletconnect-adapter.ts) or the sandbox's (handed over by wallet-loader.ts). */
import type { ComponentType } from 'react';

export type WalletType = 'walletconnect' | 'sandbox';

/** A wallet browser extension detected in the page, which can pair without a QR code. */
export interface WalletExtension {
  id: string;
  name: string;
  icon: string;
}

/** A pairing the holder finishes in a wallet app on this phone: the page shows its URI as the wallets' links; `signal` cancels it. */
export interface AppPairing {
  show(uri: string): void;
  signal: AbortSignal;
}

/** One wallet behind the app: Hedera WalletConnect on mainnet, the sandbox wallet locally. */
export interface WalletAdapter {
  readonly type: WalletType;
  /** The wallet's own window inside the page (the sandbox wallet's picker and prompts); the wallet menu renders it. */
  readonly PromptHost?: ComponentType;
  /**
   * Opens the wallet's own UI (modal, picker), pairs with the extension `extensionId` (one of
   * extensions()), or hands the pairing URI to `pairing` (WalletConnect only); resolves once the
   * user finished it, rejects if closed or cancelled.
   */
  connect(extensionId?: string, pairing?: AppPairing): Promise<void>;
  /** The wallet extensions found in the page (WalletConnect only). */
  extensions?(): WalletExtension[];
  /** The connected account id (0.0.N), or null while no session exists. */
  accountId(): string | null;
  /** Whether the wallet still holds a live session for `accountId` (wallets whose sessions can end on their side). */
  hasSession?(accountId: string): boolean;
  /** Signs a message as Hedera wallets do; resolves to the base64 protobuf SignatureMap. */
  signMessage(accountId: string, message: string): Promise<string>;
  /** Signs frozen transaction bytes (base64) and executes them; resolves to the transaction id. */
  signAndExecuteTransaction(accountId: string, transactionBytes: string): Promise<{ transactionId: string } | null>;
  disconnect(): Promise<void>;
  /** Called when the wallet ends a session on its side (deleted or expired); hasSession tells whether the account still has one. */
  onSessionEnded(listener: () => void): void;
}
