import { describe, expect, it } from 'vitest';
import { canonicalUrl, documentTitle, serializeJsonLd } from '@/features/site/seo-meta';
import { faqPageJsonLd } from '@/features/site/structured-data';
import { HELP_FAQ } from '@/features/site/faq';

describe('page metadata', () => {
  it('uses the default title when a page has none', () => {
    expect(documentTitle()).toBe('3,333 unique digital tigers on Hedera blockchain with $PAWS token | Wild Tigers');
    expect(documentTitle('Collection Browser')).toBe('Collection Browser | Wild Tigers');
  });

  it('builds the canonical link from the site origin and the path', () => {
    expect(canonicalUrl('https://wildtigers.example', '/collection')).toBe('https://wildtigers.example/collection');
    expect(canonicalUrl(new URL('https://wildtigers.example/'), '/')).toBe('https://wildtigers.example/');
  });

  it('serialises JSON-LD so it cannot close its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>', sep: '\u2028&' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(text).not.toContain('&');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028&' });
  });

  it('describes the FAQ with what the NFTs are, what $PAWS is and how to buy', () => {
    expect(HELP_FAQ).toHaveLength(11);
    const faq = faqPageJsonLd(HELP_FAQ.slice(0, 3)) as { '@type': string; mainEntity: { name: string }[] };
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity.map((q) => q.name)).toEqual(['What are Wild Tigers?', 'What is $PAWS?', 'How do I buy a Wild Tiger?']);
  });
});
