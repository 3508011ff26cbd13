import { atom } from 'nanostores';

export interface DemoAccount {
  accountId: string;
  name: string;
}

/** What the sandbox wallet is asking the user right now (its picker or a signing prompt). */
export type SandboxPrompt =
  | { kind: 'pick'; accounts: DemoAccount[]; answer(accountId: string | null): void }
  | { kind: 'sign-message'; accountId: string; message: string; answer(approved: boolean): void }
  | { kind: 'sign-transaction'; accountId: string; transactionId: string; lines: string[]; answer(approved: boolean): void };

/** The sandbox wallet's open prompt; the SandboxWalletDialog island renders it. */
export const $sandboxPrompt = atom<SandboxPrompt | null>(null);

type PromptInput<K extends SandboxPrompt['kind']> = Omit<Extract<SandboxPrompt, { kind: K }>, 'answer'>;
type PromptAnswer<K extends SandboxPrompt['kind']> = Parameters<Extract<SandboxPrompt, { kind: K }>['answer']>[0];

/** Opens a prompt and resolves with the user's answer. */
export function ask<K extends SandboxPrompt['kind']>(prompt: PromptInput<K>): Promise<PromptAnswer<K>> {
  return new Promise((resolve) => {
    $sandboxPrompt.set({
      ...prompt,
      answer: (value: PromptAnswer<K>) => {
        $sandboxPrompt.set(null);
        resolve(value);
      },
    } as unknown as SandboxPrompt);
  });
}
