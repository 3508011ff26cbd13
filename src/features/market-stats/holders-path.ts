import { PUBLIC_CONFIG } from '@/lib/public-config';

/** The collection's holder count (GET /api/market/whales/{token}): the landing, the collection and both markets' headers read it. */
export const HOLDERS_PATH = `/api/market/whales/${PUBLIC_CONFIG.nftTokenId}`;
