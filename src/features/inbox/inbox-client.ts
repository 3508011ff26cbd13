/** The browser's reads of the signed-in holder's inbox (GET /api/inbox) and marking it read. */
import type { Notification } from '@/features/market-events/inbox-rules';
import { apiJson } from '@/lib/api';

export type { Notification };
export interface InboxAnswer {
  notifications: Notification[];
  unread: number;
}

/** The holder's newest notifications and the unread count. */
export function readInbox(): Promise<InboxAnswer> {
  return apiJson<InboxAnswer>('/api/inbox');
}

/** Marks the notifications read; answers the inbox as it now is. */
export function markRead(ids: readonly string[]): Promise<InboxAnswer> {
  return apiJson<InboxAnswer>('/api/inbox/read', { method: 'POST', body: { ids } });
}
