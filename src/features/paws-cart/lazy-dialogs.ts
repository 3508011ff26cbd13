import { lazyDialog } from '@/features/toast/lazy-dialog';

/** The cart, loaded when it first opens (not with the page that can open it). */
export const CartPanel = lazyDialog(() => import('./CartPanel').then((module) => module.CartPanel), 'open');
