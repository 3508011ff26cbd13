import { DEFAULT_TITLE, SITE_NAME } from '@/features/site/site';

/** The document title: the page title (or the default title) followed by the product name. */
export function documentTitle(title?: string): string {
  return `${title ?? DEFAULT_TITLE} | ${SITE_NAME}`;
}

/** The absolute canonical URL of a page path on the site origin. */
export function canonicalUrl(site: URL | string, path: string): string {
  return new URL(path, site).href;
}

/** JSON-LD as text that is safe inside a `<script>` element (no `<`, `>`, `&` or line separators). */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
