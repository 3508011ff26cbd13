import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { RouteDef } from '../../src/server/http/route-types';
import { ROUTES } from '../../src/server/routes';
import { readSettings } from '../../infra/lib/settings';
import { addWildTigers } from '../../infra/lib/wild-tigers';

/** The feature flags and CLI settings of infra/cdk.json, so tests synthesise what `cdk synth` does. */
const CDK_CONTEXT = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../infra/cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

export interface SynthOptions {
  /** Extra `-c` context (stage, network, siteDir, ...). */
  context?: Record<string, unknown>;
  routes?: readonly RouteDef[];
}

/**
 * Synthesises both stacks without bundling the Lambdas (bundling is tested on its own) and without
 * copying assets, and returns the stacks with their templates. The site is the fixture below
 * (with the rarity dataset a mainnet deploy needs) unless `context.siteDir` names another.
 */
export function synthStacks({ context = {}, routes = ROUTES }: SynthOptions = {}) {
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), 'wt-cdk-')),
    context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true, siteDir: fixtureSite().dir, ...context },
  });
  const stacks = addWildTigers(
    app,
    readSettings((key) => app.node.tryGetContext(key)),
    routes,
  );
  return { stacks, data: Template.fromStack(stacks.data), app: Template.fromStack(stacks.app) };
}

/** A minimal Astro-like build (format 'file') with one inline script and, unless told otherwise, the rarity dataset, in a fresh temp dir. */
export function fixtureSite({ rarity = true }: { rarity?: boolean } = {}): { dir: string; inlineScript: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wt-site-'));
  const inlineScript = "document.documentElement.dataset.ready='1'";
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">{"@type":"WebSite"}</script></head>` +
    `<body><script>${inlineScript}</script><script type="module" src="/_astro/app.js"></script></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'about.html'), page('About'));
  writeFileSync(join(dir, '404.html'), page('Not found'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.js'), 'export {};');
  if (rarity) {
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'rarity.json'), '{"rarityData":{},"stats":{"totalNFTs":0,"coveragePercentage":0}}');
  }
  return { dir, inlineScript };
}

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** The resources of one type in a template, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}
