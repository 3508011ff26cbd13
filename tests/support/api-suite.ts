/** The set-up API test files share: one local server over a fresh store per file (or describe), its holders signed in. */
import { afterAll, beforeAll } from 'vitest';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from './local-server';
import { type Holder, signedInHolder } from './paws-trades';

/** What startTestServer takes: the site, the sandbox's clock, the server's env. */
export type TestServerOptions = NonNullable<Parameters<typeof startTestServer>[0]>;

/** A suite's server and signed-in holders, readable once its beforeAll has run. */
export interface SandboxSuite {
  readonly server: TestServer;
  readonly origin: string;
  /** The holder signed in for `accountId`; throws for an account not among the suite's holders. */
  holder(accountId: string): Holder;
}

/** Starts a server over a fresh store and signs `holders` in before the file's (or describe's) tests, and disposes of it after. */
export function sandboxSuite(
  options: {
    holders?: readonly string[];
    /** startTestServer's options, or a function answering them when an earlier beforeAll makes them (a store's endpoint). */
    server?: TestServerOptions | (() => TestServerOptions);
  } = {},
): SandboxSuite {
  let server: TestServer | undefined;
  const holders = new Map<string, Holder>();

  beforeAll(
    async () => {
      server = await startTestServer(typeof options.server === 'function' ? options.server() : options.server);
      for (const accountId of options.holders ?? []) holders.set(accountId, await signedInHolder(server.origin, accountId));
    },
    // The server's start, then the sign-ins.
    SERVER_START_TIMEOUT_MS + 30_000,
  );
  afterAll(async () => {
    await server?.dispose();
  });

  const started = (): TestServer => {
    if (!server) throw new Error('sandboxSuite: read before its beforeAll started the server (read it inside a hook or a test)');
    return server;
  };
  return {
    get server() {
      return started();
    },
    get origin() {
      return started().origin;
    },
    holder(accountId) {
      started();
      const holder = holders.get(accountId);
      if (!holder) throw new Error(`sandboxSuite: ${accountId} is not signed in (signed in: ${[...holders.keys()].join(', ') || 'nobody'}); add it to holders`);
      return holder;
    },
  };
}
