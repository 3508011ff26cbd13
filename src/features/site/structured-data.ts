import type { FaqEntry } from './faq';
import { DEFAULT_DESCRIPTION, OG_IMAGE_PATH, SITE_NAME } from './site';

type JsonLd = Record<string, unknown>;

export function websiteJsonLd(site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: new URL('/', site).href,
    description: DEFAULT_DESCRIPTION,
  };
}

export function organizationJsonLd(site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: new URL('/', site).href,
    logo: new URL('/favicon.svg', site).href,
  };
}

/** A CollectionPage for a marketplace or collection listing page. */
export function collectionPageJsonLd(site: URL, path: string, name: string, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name,
    description,
    url: new URL(path, site).href,
    image: new URL(OG_IMAGE_PATH, site).href,
    isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: new URL('/', site).href },
  };
}

export function faqPageJsonLd(entries: readonly FaqEntry[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}
