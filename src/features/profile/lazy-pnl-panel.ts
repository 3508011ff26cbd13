import { lazy } from 'react';

/** The portfolio's P&L panel, loaded only where a profile shows it: none of its code is in the pages' first JavaScript. */
export const LazyPortfolioPnlPanel = lazy(() => import('@/features/portfolio/PortfolioPnlPanel'));
