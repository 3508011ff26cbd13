import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';

const projectRoot = resolve(import.meta.dirname, '../..');
/** How long a server may take to become healthy: a test that restarts one allows this much per restart. */
export const SERVER_START_TIMEOUT_MS = 60_000;

export interface TestServer {
  origin: string;
  dataDir: string;
  /** Stops the server process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops and starts the server again over the same data. */
  restart(): Promise<void>;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** The server process's id (the bench reads its memory and CPU). */
  pid(): number | undefined;
}

/** The server could not take its port: another process bound it after freePort() found it free. */
class PortTaken extends Error {}

/**
 * Waits until `child` answers its health check at `origin`. Only this server's own answer counts
 * (the API's JSON with its network): freePort() finds a port free, then the child binds it, and in
 * between any other process's listen(0) may be given the same port (another worker's embedded
 * store did; its "healthy: dynamodb…" answered 200, and a whole spec ran against it).
 */
async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (output().includes('EADDRINUSE')) throw new PortTaken(origin);
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      const body = (await response.json().catch(() => undefined)) as { network?: unknown } | undefined;
      if (response.ok && typeof body?.network === 'string') return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The sandbox network's clock in API tests: no consensus delay and no mirror lag, unless a test's
 * subject is timing and passes its own (SANDBOX_CONSENSUS_DELAY_MS, SANDBOX_MIRROR_LAG_MS).
 */
const INSTANT_SANDBOX = { SANDBOX_CONSENSUS_DELAY_MS: '0', SANDBOX_MIRROR_LAG_MS: '0' };

/**
 * Starts the local server (API only unless `site`) on a free port over a fresh store; on the
 * sandbox's own default clock (mainnet's: src/server/config.ts) with `mainnetClock`, else instant.
 */
export async function startTestServer(options: { site?: boolean; mainnetClock?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      // The port went to another process between the probe and the bind: another port.
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

async function startOnFreePort(options: { site?: boolean; mainnetClock?: boolean; env?: Record<string, string> }): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wild-tigers-test-'));
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;

  async function launch(): Promise<void> {
    const args = ['--import', 'tsx', 'src/server/local/start.ts', ...(options.site ? [] : ['--api-only'])];
    child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DYNAMODB_ENDPOINT: '',
        ...(options.mainnetClock ? {} : INSTANT_SANDBOX),
        // The reconciler's timer is off unless a test is about it.
        RECONCILER_INTERVAL_MS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitForHealth(origin, child, () => log);
  }

  async function stop(): Promise<void> {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }

  try {
    await launch();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin,
    dataDir,
    stop,
    async restart() {
      await stop();
      await launch();
    },
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => log,
    pid: () => child.pid,
  };
}
