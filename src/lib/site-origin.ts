/**
 * The site's public origin (canonical links, social cards, sitemap, the session cookie's Secure
 * flag): SITE_ORIGIN when set, else the local server's own http://HOST:PORT. The page build and the
 * API read it by this one rule, so a local run on another port links to itself.
 */
export function siteOriginFromEnv(env: Record<string, string | undefined>): string {
  return env.SITE_ORIGIN || `http://${env.HOST || '127.0.0.1'}:${env.PORT || '4321'}`;
}
