import { lazyDialog } from '@/features/toast/lazy-dialog';

// The bulk dialogs, each loaded when it first opens (not with the page that can open it).

export const BulkListDialog = lazyDialog(() => import('./BulkListDialog').then((module) => module.BulkListDialog), 'tigers');
export const BulkUnlistDialog = lazyDialog(() => import('./BulkUnlistDialog').then((module) => module.BulkUnlistDialog), 'listings');
export const BulkAcceptDialog = lazyDialog(() => import('./BulkAcceptDialog').then((module) => module.BulkAcceptDialog), 'offers');
