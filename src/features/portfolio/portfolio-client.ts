/** The browser's reads of a holder's portfolio (GET /api/portfolio/{accountId}) and the CSV download's address. */
import { apiJson } from '@/lib/api';
import type { PortfolioView } from './portfolio-model';

export const portfolioPath = (accountId: string) => `/api/portfolio/${accountId}`;
export const tradesCsvPath = (accountId: string) => `/api/portfolio/${accountId}/trades.csv`;

/** The portfolio as the signed-in viewer may see it, or how far its reading has come; throws ApiError (403 PORTFOLIO_PRIVATE for another holder's, unless shared). */
export function loadPortfolio(accountId: string, signal?: AbortSignal): Promise<PortfolioView> {
  return apiJson<PortfolioView>(portfolioPath(accountId), signal ? { signal } : {});
}
