import type { APIRoute } from 'astro';
import { canonicalUrl } from '@/features/site/seo-meta';

export const GET: APIRoute = ({ site, url }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${canonicalUrl(site ?? url, '/sitemap.xml')}\n`, {
    headers: { 'content-type': 'text/plain' },
  });
