import { describe, expect, it } from 'vitest';
import { isCurrentPage, normalizePath, resolveNavHref } from '@/features/site/nav';
import { NAV_SCROLL_THRESHOLD_PX } from '@/features/site/nav-scroll';
import { FOOTER_QUICK_LINKS, FOOTER_SUPPORT_LINKS, NAV_LINKS } from '@/features/site/site';

describe('navigation links', () => {
  it('lists the spec links in order', () => {
    expect(NAV_LINKS.map((l) => [l.href, l.label])).toEqual([
      ['#home', 'Home'],
      ['/marketplace', 'Marketplace'],
      ['/paws-marketplace', 'PAWS Market'],
      ['/collection', 'Collection'],
      ['/public-profiles', 'Community'],
    ]);
    expect(NAV_SCROLL_THRESHOLD_PX).toBe(100);
  });

  it('keeps Home as #home on the landing page and sends it to /#home elsewhere', () => {
    expect(resolveNavHref('#home', '/')).toBe('#home');
    for (const path of ['/marketplace', '/paws-marketplace', '/collection', '/help', '/404']) {
      expect(resolveNavHref('#home', path)).toBe('/#home');
    }
    expect(resolveNavHref('/collection', '/marketplace')).toBe('/collection');
  });

  it('marks the current page, ignoring .html, trailing slashes, queries and hashes', () => {
    expect(isCurrentPage('/collection', '/collection')).toBe(true);
    expect(isCurrentPage('/collection', '/collection.html')).toBe(true);
    expect(isCurrentPage('/collection', '/collection/?page=2')).toBe(true);
    expect(isCurrentPage('/collection', '/marketplace')).toBe(false);
    expect(isCurrentPage('#home', '/')).toBe(false);
    expect(normalizePath('/index.html')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('has the footer quick and support links', () => {
    expect(FOOTER_QUICK_LINKS.map((l) => l.href)).toEqual(['/collection', '/marketplace', '/paws-marketplace', '/wild-tiger-profile', '/public-profiles']);
    expect(FOOTER_QUICK_LINKS.find((l) => l.href === '/wild-tiger-profile')?.label).toBe('My Profile');
    expect(FOOTER_SUPPORT_LINKS.map((l) => l.href)).toEqual(['/help', '/about', '/contact', '/terms', '/privacy']);
  });
});
