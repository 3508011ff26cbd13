import { lazyDialog } from '@/features/toast/lazy-dialog';

// The PAWS market's dialogs, each loaded when it first opens (not with the page that can open it).

export const PawsPurchaseDialog = lazyDialog(() => import('./PawsPurchaseDialog').then((module) => module.PawsPurchaseDialog), 'listing');
export const ListingDialog = lazyDialog(() => import('./ListingDialog').then((module) => module.ListingDialog), 'nft');
export const UnlistDialog = lazyDialog(() => import('./UnlistDialog').then((module) => module.UnlistDialog), 'target');
