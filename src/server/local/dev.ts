/**
 * `npm run dev`: Astro's dev server (hot reload for pages) on PORT, proxying /api and /sandbox to
 * the API on API_PORT, which tsx restarts whenever server code changes. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const port = process.env.PORT ?? '4321';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const env = { ...process.env, API_PORT: apiPort };

const children: ChildProcess[] = [
  spawn('tsx', ['watch', '--clear-screen=false', 'src/server/local/start.ts', '--api-only'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('astro', ['dev', '--port', port, '--host', process.env.HOST ?? '127.0.0.1'], { stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
