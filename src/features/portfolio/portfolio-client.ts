/** The browser's reads of a holder's portfolio (GET /api/portfolio/{accountId}) and the CSV download's address. */
import { apiJson } from '@/lib/api';
import type { PortfolioAnswer } from './portfolio-model';

export const portfolioPath = (accountId: string) => `/api/portfolio/${accountId}`;
export const tradesCsvPath = (accountId: string) => `/api/portfolio/${accountId}/trades.csv`;

/** The portfolio as the signed-in viewer may see it; throws ApiError (403 PORTFOLIO_PRIVATE for another holder's, unless shared). */
export function loadPortfolio(accountId: string, signal?: AbortSignal): Promise<PortfolioAnswer> {
  return apiJson<PortfolioAnswer>(portfolioPath(accountId), signal ? { signal } : {});
}
