/** The signed-in holder's PAWS allowance budget as the server reads it from the ledger (GET /api/paws/allowance/budget/{accountId}). */
import { useEffect, useState } from 'react';
import { apiJson } from '@/lib/api';

/** What the holder's PAWS allowance backs (whole PAWS): their open offers (funded oldest first), and what is free for a purchase. */
export interface AllowanceBudget {
  allowance: string;
  balance: string;
  purchasesSettling: string;
  /** What the offers the allowance funds keep of it, with the purchases being settled. */
  offersKeep: string;
  /** What a new offer's approval asks besides it: every open offer and purchase being settled. */
  reserved: string;
  free: string;
  offers: { offerId: string; label: string; keeps: string; funded: boolean }[];
}

/** The holder's allowance budget, read when `accountId` or `version` changes (null while it is read, or when it could not be). */
export function useAllowanceBudget(accountId: string | null, version: unknown): AllowanceBudget | null {
  const [budget, setBudget] = useState<AllowanceBudget | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the caller's version changes
  useEffect(() => {
    if (!accountId) return;
    let current = true;
    setBudget(null);
    apiJson<AllowanceBudget>(`/api/paws/allowance/budget/${encodeURIComponent(accountId)}`).then(
      (answer) => current && setBudget(answer),
      () => current && setBudget(null),
    );
    return () => {
      current = false;
    };
  }, [accountId, version]);
  return budget;
}
