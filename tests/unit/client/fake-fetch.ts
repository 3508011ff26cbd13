import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  statusText?: string;
  body?: string;
}

/** Installs a global fetch that records each call and answers with the given responses in turn. */
export function installFakeFetch(...answers: FakeAnswer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? {};
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : (answer.body ?? ''), { status, statusText: answer.statusText ?? '' });
  });
  vi.stubGlobal('fetch', fake);
  return { fake, calls };
}
