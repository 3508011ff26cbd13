import { lazyDialog } from '@/features/toast/lazy-dialog';

// The offers' dialogs, each loaded when it first opens (not with the page that can open it).

export const AcceptOfferDialog = lazyDialog(() => import('./OfferDialogs').then((module) => module.AcceptOfferDialog), 'target');
export const CancelOfferDialog = lazyDialog(() => import('./OfferDialogs').then((module) => module.CancelOfferDialog), 'target');
export const TigerOffersDialog = lazyDialog(() => import('./TigerOffersDialog').then((module) => module.TigerOffersDialog), 'target');
