/**
 * Where a navigation link points from the current page: Home-style hash links stay on the
 * landing page, and from any other page lead to the landing page with that hash.
 */
export function resolveNavHref(href: string, currentPath: string): string {
  if (!href.startsWith('#')) return href;
  return normalizePath(currentPath) === '/' ? href : `/${href}`;
}

/** Whether a link targets the page being shown (hash links never do). */
export function isCurrentPage(href: string, currentPath: string): boolean {
  return href.startsWith('/') && normalizePath(href) === normalizePath(currentPath);
}

/** Strips query, hash, a trailing slash and a `.html` suffix so '/collection.html' equals '/collection'. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const withoutHtml = bare.replace(/(?:\/index)?\.html$/, '');
  const trimmed = withoutHtml.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
