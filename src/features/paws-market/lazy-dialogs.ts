import { lazyDialog } from '@/features/toast/lazy-dialog';

// The PAWS market's dialogs, each loaded when it first opens (not with the page that can open it).

export const PurchaseModal = lazyDialog(() => import('./PurchaseModal').then((module) => module.PurchaseModal), 'listing');
export const ListingModal = lazyDialog(() => import('./ListingModal').then((module) => module.ListingModal), 'nft');
export const UnlistDialog = lazyDialog(() => import('./UnlistDialog').then((module) => module.UnlistDialog), 'target');
