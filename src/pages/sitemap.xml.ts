import type { APIRoute } from 'astro';
import { PAGE_PATHS } from '@/features/site/site';
import { canonicalUrl } from '@/features/site/seo-meta';

export const GET: APIRoute = ({ site, url }) => {
  const origin = site ?? url;
  const entries = PAGE_PATHS.map((path) => `  <url><loc>${canonicalUrl(origin, path)}</loc></url>`).join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml' } });
};
