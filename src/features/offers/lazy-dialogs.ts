import { lazyDialog } from '@/features/toast/lazy-dialog';

// The offers' sale dialogs, each loaded when it first opens (not with the page that can open it). The tiger's offers
// dialog, which opens these, is lazy in OfferPanels.tsx, so that no import runs back to it.

export const AcceptOfferDialog = lazyDialog(() => import('./OfferDialogs').then((module) => module.AcceptOfferDialog), 'target');
export const CancelOfferDialog = lazyDialog(() => import('./OfferDialogs').then((module) => module.CancelOfferDialog), 'target');
