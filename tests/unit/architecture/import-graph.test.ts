/**
 * The import graph of src/, checked (issues 42, 56): no file imports itself through others, feature folders form no static cycle;
 * platform/ (logs, metrics, budgets, caches, store keys) imports only lib/, and features import nothing of server/; lib/ and components/ui/ import no feature; and
 * browser code (the React islands and what they load) never reaches a repo, a service or src/server.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

interface Edge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased from the JavaScript. */
  typeOnly: boolean;
  /** import(): loaded on demand, no part of the static graph. */
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
  });
}

/** The file an import specifier names (relative or the `@/` alias), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const suffix of ['', '.ts', '.tsx', '/index.ts']) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import between files of src/ (comments stripped first). */
function importEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    return [...text.matchAll(IMPORT)].flatMap((match) => {
      const target = resolveImport(file, match[2] ?? match[3] ?? '');
      return target ? [{ from: relative(SRC, file), to: relative(SRC, target), typeOnly: Boolean(match[1]), dynamic: match[3] !== undefined }] : [];
    });
  });
}

const featureOf = (path: string) => (path.startsWith('features/') ? (path.split('/')[1] ?? null) : null);

/** The folders of src/ that are not feature folders, as the floors' picture names them. */
const SRC_FOLDERS = new Set(['pages', 'layouts', 'components', 'lib', 'platform', 'styles', 'server', 'sandbox']);

/** The folder of a file as the picture names it: a feature folder by its name, any other by its src/ folder. */
const folderOf = (path: string) => featureOf(path) ?? (path.split('/')[0] as string);

/** The floors of docs/ARCHITECTURE.md ('floor N  a  b ...' in the fenced picture under '### Floors'): folder -> floor. */
function documentedFloors(markdown: string): Map<string, number> {
  const section = markdown.split('### Floors')[1]?.split('```')[1] ?? '';
  const floors = new Map<string, number>();
  for (const line of section.split('\n')) {
    const match = /^floor\s+(\d+)\s+(.+)$/.exec(line.trim());
    if (match) for (const folder of (match[2] as string).split(/\s+/)) floors.set(folder, Number(match[1]));
  }
  return floors;
}

/** The static imports (type-only ones too) that do not go down a floor, or leave a folder with no floor, as 'from -> to' lines. */
function offFloor(edges: readonly Edge[], floors: ReadonlyMap<string, number>): string[] {
  return edges.flatMap((edge) => {
    const [from, to] = [folderOf(edge.from), folderOf(edge.to)];
    // Outside src/ (the local server reads infra's site build) is no floor of the app's.
    if (edge.dynamic || from === to || edge.to.startsWith('../')) return [];
    const [above, below] = [floors.get(from), floors.get(to)];
    if (above === undefined || below === undefined) return [`${edge.from} -> ${edge.to}: ${above === undefined ? from : to} has no floor`];
    return above > below ? [] : [`${edge.from} (${from}, floor ${above}) -> ${edge.to} (${to}, floor ${below})`];
  });
}

/** A cycle in `graph` (node -> the nodes it imports), as the nodes on it; null when there is none. */
function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The graph of `edges` between the nodes `nodeOf` names (null: left out), self-loops dropped. */
function graphOf(edges: readonly Edge[], nodeOf: (path: string) => string | null): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const [from, to] = [nodeOf(edge.from), nodeOf(edge.to)];
    if (!from || !to || from === to) continue;
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  return graph;
}

/** A cycle between feature folders over static imports (type-only ones too), as the folders on it; null when there is none. */
const featureCycle = (edges: readonly Edge[]) =>
  findCycle(
    graphOf(
      edges.filter((edge) => !edge.dynamic),
      featureOf,
    ),
  );

/** A cycle between files over any import (type-only and import() too: each ties the files as much), as the files on it. */
const fileCycle = (edges: readonly Edge[]) => findCycle(graphOf(edges, (path) => path));

/** A module that runs only on a server, known by what it imports (issue 56: not by its name alone): Node's builtins, the AWS SDK, middy. */
const SERVER_PACKAGE = /^\s*import\s+(?!type\b)[^;]*?from\s+['"](node:|@aws-sdk\/|@middy\/)/m;

/** The src/ files (relative) that import a server package. */
const serverByImports = new Set(
  sourceFiles(SRC)
    .filter((path) => SERVER_PACKAGE.test(readFileSync(path, 'utf8')))
    .map((path) => relative(SRC, path)),
);

/**
 * Chains from a React island to server code over the imports that ship (static, not type-only):
 * src/server and src/platform, a repo or a service, or any module importing a server package
 * (trade-checks, offer-making, a settlement…).
 */
function browserReaches(edges: readonly Edge[], serverModules: ReadonlySet<string> = serverByImports): string[] {
  const next = new Map<string, string[]>();
  for (const edge of edges) if (!edge.typeOnly && !edge.dynamic) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const islands = [...new Set(edges.map((edge) => edge.from))].filter((path) => path.endsWith('.tsx') && !path.startsWith('sandbox/'));
  const serverOnly = (path: string) => serverModules.has(path) || /(-repo|-service)\.ts$/.test(path) || /^(server|platform)\//.test(path);
  const found: string[] = [];
  for (const island of islands) {
    const seen = new Set<string>();
    const pending: string[][] = [[island]];
    for (let chain = pending.pop(); chain; chain = pending.pop()) {
      const at = chain[chain.length - 1] as string;
      if (seen.has(at)) continue;
      seen.add(at);
      if (serverOnly(at)) found.push(chain.join(' > '));
      else for (const to of next.get(at) ?? []) pending.push([...chain, to]);
    }
  }
  return found;
}

const edges = importEdges();

describe('the import graph of src/', () => {
  it('reads the imports it checks (a sanity check of the parser)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'features/tiger-view/TigerViewHost.tsx', to: 'features/tiger-view/TigerView.tsx', typeOnly: false, dynamic: true });
    expect(
      featureCycle([...edges, { from: 'features/tiger/tiers.ts', to: 'features/collection/collection-rules.ts', typeOnly: true, dynamic: false }]),
    ).toEqual(expect.arrayContaining(['tiger', 'collection']));
    const leak = { from: 'features/collection/CollectionCard.tsx', to: 'features/paws-market/listing-repo.ts', typeOnly: false, dynamic: false };
    expect(browserReaches([...edges, leak])).toContain('features/collection/CollectionCard.tsx > features/paws-market/listing-repo.ts');
    expect(browserReaches([...edges, { ...leak, typeOnly: true }])).toEqual([]);
    // Server modules named for neither role are known by what they reach: the platform floor (offer-making through
    // trade-checks' request budget), or a server package (a cart's checkout imports node:crypto).
    const making = { from: 'features/collection/CollectionCard.tsx', to: 'features/offers/offer-making.ts', typeOnly: false, dynamic: false };
    expect(
      browserReaches([...edges, making]).some(
        (chain) => chain.includes('features/paws-market/trade-checks.ts') && chain.endsWith('platform/request-budget.ts'),
      ),
    ).toBe(true);
    expect(serverByImports.has('features/paws-market/cart-checkout.ts')).toBe(true);
    const checkout = { ...making, to: 'features/paws-market/cart-checkout.ts' };
    expect(browserReaches([...edges, checkout])).toContain('features/collection/CollectionCard.tsx > features/paws-market/cart-checkout.ts');
    const floors = new Map([
      ['lib', 1],
      ['ledger', 2],
    ]);
    const upward = { from: 'lib/format.ts', to: 'features/ledger/ledger-reader-port.ts', typeOnly: true, dynamic: false };
    expect(offFloor([upward], floors)).toEqual(['lib/format.ts (lib, floor 1) -> features/ledger/ledger-reader-port.ts (ledger, floor 2)']);
    expect(offFloor([{ ...upward, to: 'features/tiger/tiers.ts' }], floors)).toEqual(['lib/format.ts -> features/tiger/tiers.ts: tiger has no floor']);
    const back = { from: 'features/wallet/wallet-port.ts', to: 'features/wallet/wallet-loader.ts', typeOnly: true, dynamic: false };
    expect(fileCycle([...edges, back])).toEqual(expect.arrayContaining([back.from, back.to]));
  });

  it('goes only down the floors that docs/ARCHITECTURE.md draws', () => {
    const floors = documentedFloors(readFileSync(resolve('docs/ARCHITECTURE.md'), 'utf8'));
    expect(floors.get('pages')).toBeGreaterThan(floors.get('lib') ?? Number.POSITIVE_INFINITY);
    for (const folder of SRC_FOLDERS) expect(floors.has(folder), `${folder} has a floor`).toBe(true);
    expect(offFloor(edges, floors)).toEqual([]);
  });

  it("gives each feature folder one line in docs/ARCHITECTURE.md's table, on the floor its picture draws", () => {
    const doc = readFileSync(resolve('docs/ARCHITECTURE.md'), 'utf8');
    const floors = documentedFloors(doc);
    const rows = new Map([...doc.matchAll(/^\| `([a-z-]+)\/` \| (\d+) \|/gm)].map((row) => [row[1] as string, Number(row[2])]));
    const features = readdirSync(join(SRC, 'features')).filter((name) => statSync(join(SRC, 'features', name)).isDirectory());
    for (const folder of features) expect(rows.get(folder), `${folder}'s row`).toBe(floors.get(folder));
    expect([...rows.keys()].sort()).toEqual(features.sort());
  });

  it('has no import cycle between files (issue 56: a service part and its composer, a menu and its dropdown, the wallets)', () => {
    expect(fileCycle(edges)).toBeNull();
  });

  it('has no static cycle between feature folders', () => {
    expect(featureCycle(edges)).toBeNull();
  });

  it('keeps features below server/: what they share with it (logs, metrics, budgets, caches, store keys) is platform/', () => {
    const reaching = edges.filter((edge) => featureOf(edge.from) && edge.to.startsWith('server/'));
    expect(reaching.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it('keeps platform/ the floor: it imports only lib/ and itself', () => {
    const reaching = edges.filter((edge) => edge.from.startsWith('platform/') && !/^(platform|lib)\//.test(edge.to));
    expect(reaching.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it('keeps lib/ and components/ui/ below every feature', () => {
    const reaching = edges.filter((edge) => /^(lib|components\/ui)\//.test(edge.from) && featureOf(edge.to));
    expect(reaching.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it('ships no repo, service or server module to the browser', () => {
    expect(browserReaches(edges)).toEqual([]);
  });
});
