type ReviverContext = { source?: string };
type SourceReviver = (this: unknown, key: string, value: unknown, context?: ReviverContext) => unknown;

/**
 * JSON.parse that keeps int64 values exact: integers beyond 2^53 become bigints, read from the
 * source text (Node 22 passes it to revivers). Everything else parses as usual.
 */
export function parseMirrorJson(text: string): unknown {
  const reviver: SourceReviver = (_key, value, context) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value) && context?.source) {
      return /^-?\d+$/.test(context.source) ? BigInt(context.source) : value;
    }
    return value;
  };
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
}

/** JSON.stringify that writes bigints as plain JSON integers (the mirror node's int64 encoding). */
export function stringifyMirrorJson(value: unknown): string {
  const marker = '\u0000bigint:';
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v}` : v));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
