import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request (or job run) says of it. */
export interface LogContext {
  requestId: string;
  /** The route's key ('GET /api/market/listings'), or the job's name. */
  route: string;
}

const contexts = new AsyncLocalStorage<LogContext>();

/** Runs `work` so that each line it logs, however deep, names its request and route. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return contexts.run(context, work);
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
/** The values LOG_LEVEL may take (server/config.ts checks it against them at start). */
export const LOG_LEVELS = Object.keys(LEVELS) as [keyof typeof LEVELS, ...(keyof typeof LEVELS)[]];
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

/**
 * The least level written: LOG_LEVEL, read where the line is written (as Powertools' logger reads its own
 * variable), so this floor needs no feature's settings. server/config.ts refuses a LOG_LEVEL outside LEVELS at start.
 */
function threshold(): number {
  return LEVELS[(process.env.LOG_LEVEL ?? 'info') as keyof typeof LEVELS] ?? LEVELS.info;
}

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...contexts.getStore(), ...fields }, (_key, value) =>
    typeof value === 'bigint'
      ? value.toString()
      : // With its cause: 'could not be reached' says little without the socket error under it.
        value instanceof Error
        ? { name: value.name, message: value.message, stack: value.stack, ...(value.cause === undefined ? {} : { cause: value.cause }) }
        : value,
  );
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Structured JSON logs, one line per event, filtered by LOG_LEVEL. */
export const log = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};
