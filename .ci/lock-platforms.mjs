// The npm registry reachable here serves only this machine's platform builds of packages such as
// @tailwindcss/oxide-* and @astrojs/compiler-binding-*, so `npm install` leaves the other
// platforms' optional dependencies out of package-lock.json and `npm ci` then refuses the lock.
// This adds those entries (version, optional, and the os/cpu/libc their names state), which npm
// skips on a non-matching machine. Run after any lockfile change: node .ci/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 's390x', 'ppc64', 'riscv64', 'loong64'];

/** The platform a package name states, e.g. oxide-linux-arm64-musl -> linux, arm64, musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : undefined;
  if (!cpu) return undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(os === 'linux' && libc ? { libc: [libc] } : {}) };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = { version: version.replace(/^[\^~=]/, ''), dev: entry.dev, optional: true, ...platform };
    if (!entry.dev) delete lock.packages[hoisted].dev;
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} optional platform entries`);
