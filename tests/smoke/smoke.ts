/**
 * `npm run smoke -- <site url>`: checks a deployed (or local) site as a visitor would. Every page
 * answers with its title, /api/health reports the network and the store, the security headers and
 * the session cookie's flags are the production ones, a public read of each route group answers
 * JSON, and no page loads wallet code before the user connects. Prints one line per check; exits 1
 * when any fails.
 */
import { PAGE_PATHS } from '../../src/features/site/site';
import { type RouteDef, routeKey } from '../../src/server/http/route-types';
import { ROUTES } from '../../src/server/routes';
import { SDK_MARKERS, pageScripts, staticChunks } from '../support/initial-js';

interface Check {
  name: string;
  problems: string[];
}

interface Health {
  ok: boolean;
  network: string;
  store: string;
  nftTokenId: string;
  pawsTokenId: string;
  marketplaceAccountId: string;
}

const TIMEOUT_MS = 15_000;

/** The headers every page must carry (CloudFront's response headers policy; the local server sends the same). */
const PAGE_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /(^|; )default-src 'self'(;|$).*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/i,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
};
/** The API's own stricter headers. */
const API_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /^default-src 'none'; frame-ancestors 'none'$/,
  'x-content-type-options': /^nosniff$/,
  'cache-control': /./,
};

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
}

function headerProblems(response: Response, expected: Record<string, RegExp>, where: string): string[] {
  return Object.entries(expected).flatMap(([name, pattern]) => {
    const value = response.headers.get(name);
    return value !== null && pattern.test(value) ? [] : [`${where}: ${name} is ${value === null ? 'missing' : `'${value}'`}`];
  });
}

/** Fills a route's path parameters with ids the site itself names. */
function samplePath(path: string, health: Health): string {
  const values: Record<string, string> = {
    accountId: health.marketplaceAccountId,
    owner: health.marketplaceAccountId,
    spender: health.marketplaceAccountId,
    tokenId: health.nftTokenId,
    serial: '1',
  };
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '1');
}

async function check(name: string, run: () => Promise<string[]>): Promise<Check> {
  try {
    return { name, problems: await run() };
  } catch (error) {
    return { name, problems: [error instanceof Error ? error.message : String(error)] };
  }
}

/** Runs every check against `site` (an origin such as https://wildtigers.example). */
export async function smoke(site: string): Promise<Check[]> {
  const origin = new URL(site).origin;
  const https = origin.startsWith('https:');
  let health: Health | undefined;

  const results = [
    await check('/api/health reports the network and the store', async () => {
      const response = await get(`${origin}/api/health`);
      health = (await response.json()) as Health;
      const problems = response.status === 200 && health.ok && health.store === 'ok' ? [] : [`status ${response.status}, store ${health.store}`];
      return [...problems, ...(['sandbox', 'mainnet'].includes(health.network) ? [] : [`network is '${health.network}'`])];
    }),
    await check('every page answers with its title and the production security headers', async () => {
      const problems: string[] = [];
      for (const path of PAGE_PATHS) {
        const response = await get(`${origin}${path}`);
        const html = await response.text();
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]?.trim();
        if (response.status !== 200) problems.push(`${path}: status ${response.status}`);
        if (!title) problems.push(`${path}: no title`);
        problems.push(...headerProblems(response, PAGE_HEADERS, path));
        if (https && !/max-age=\d{7,}/.test(response.headers.get('strict-transport-security') ?? '')) problems.push(`${path}: no HSTS`);
      }
      const missing = await get(`${origin}/no-such-page-${Date.now()}`);
      if (missing.status !== 404 || !(await missing.text()).includes('404 Page Not Found')) problems.push(`an unknown path answers ${missing.status}`);
      return problems;
    }),
    await check('the session cookie has the production flags', async () => {
      const response = await get(`${origin}/api/auth/logout`, { method: 'POST' });
      const cookie = response.headers.get('set-cookie') ?? '';
      const flags = ['HttpOnly', 'SameSite=Lax', 'Path=/', ...(https ? ['Secure'] : [])];
      const missing = flags.filter((flag) => !cookie.toLowerCase().includes(flag.toLowerCase()));
      return [...(cookie.startsWith('wt_session=') ? [] : [`no session cookie in '${cookie}'`]), ...missing.map((flag) => `cookie lacks ${flag}`)];
    }),
    await check('a public read of each route group answers JSON with the API headers', async () => {
      if (!health) return ['no health answer to take ids from'];
      const byGroup = new Map<string, RouteDef>();
      for (const route of ROUTES as readonly RouteDef[])
        if (route.method === 'GET' && route.auth !== 'session' && !byGroup.has(route.group)) byGroup.set(route.group, route);
      const problems: string[] = [];
      for (const [group, route] of byGroup) {
        const response = await get(`${origin}${samplePath(route.path, health)}`);
        const type = response.headers.get('content-type') ?? '';
        if (response.status >= 500 || !type.startsWith('application/json')) problems.push(`${group} (${routeKey(route)}): status ${response.status}, ${type}`);
        else await response.json();
        problems.push(...headerProblems(response, API_HEADERS, `${group} (${routeKey(route)})`));
      }
      const groups = new Set(ROUTES.map((route) => route.group));
      for (const group of groups) if (!byGroup.has(group)) problems.push(`${group} has no public read`);
      return problems;
    }),
    await check('no page loads wallet code before the user connects', async () => {
      const problems: string[] = [];
      for (const path of PAGE_PATHS) {
        const page = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
        const { entries, inlineScripts } = pageScripts(await (await get(`${origin}${path}`)).text(), page);
        const chunks = await staticChunks(entries, async (chunk) => (await get(`${origin}/${chunk}`)).text());
        for (const [name, code] of [...chunks, ...inlineScripts.map((text, index) => [`inline ${index + 1}`, text] as const)]) {
          for (const marker of SDK_MARKERS) if (code.includes(marker)) problems.push(`${path}: ${name} contains ${marker}`);
        }
      }
      return problems;
    }),
  ];
  return results;
}

/** Waits until /api/health answers at all (a server that is still starting), for at most `seconds`. */
async function waitForServer(origin: string, seconds: number): Promise<void> {
  for (let left = seconds; left > 0; left -= 1) {
    if (
      await get(`${origin}/api/health`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const target = args.find((arg) => !arg.startsWith('--'));
if (process.argv[1]?.endsWith('smoke.ts')) {
  if (!target) {
    process.stderr.write('Usage: npm run smoke -- <site url> [--wait]\n');
    process.exit(2);
  }
  if (args.includes('--wait')) await waitForServer(new URL(target).origin, 90);
  const results = await smoke(target);
  for (const { name, problems } of results) {
    process.stdout.write(`${problems.length ? '✗' : '✓'} ${name}\n${problems.map((problem) => `    ${problem}\n`).join('')}`);
  }
  const failed = results.filter((result) => result.problems.length).length;
  process.stdout.write(`\nsmoke ${target}: ${results.length - failed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}
