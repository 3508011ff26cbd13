import type { Page } from '@playwright/test';

/**
 * Counts React's commits per island on `page` from its next load on, through the hook React reports
 * to (as its developer tools do); the returned function reads the counts by the island's component
 * file name (e.g. HbarMarketplace).
 */
export async function countIslandCommits(page: Page): Promise<() => Promise<Record<string, number>>> {
  await page.addInitScript(() => {
    const counts: Record<string, number> = {};
    Object.assign(window, {
      __islandCommits: counts,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onCommitFiberRoot: (_id: number, root: { containerInfo: Element }) => {
          const url = root.containerInfo.closest('astro-island')?.getAttribute('component-url') ?? '';
          const name = url.split('/').pop()?.split('.')[0] || root.containerInfo.nodeName;
          counts[name] = (counts[name] ?? 0) + 1;
        },
      },
    });
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __islandCommits: Record<string, number> }).__islandCommits }));
}
