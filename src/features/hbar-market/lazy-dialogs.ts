import { lazyDialog } from '@/features/toast/lazy-dialog';

/** The HBAR purchase dialog, its code loaded on the first purchase (not with the market page). */
export const PurchaseDialog = lazyDialog(() => import('./PurchaseDialog').then((module) => module.PurchaseDialog), 'card');
