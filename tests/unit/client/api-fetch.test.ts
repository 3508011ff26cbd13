import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiUnreachableError, apiFetch, apiJson, errorText } from '@/lib/api';
import { installFakeFetch } from './fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('always sends credentials, for GET and for requests with a body', async () => {
    const { calls } = installFakeFetch({ body: '{}' });
    await apiFetch('/api/paws/price');
    await apiFetch('/api/market/buy', { method: 'POST', body: { serial_number: 7 } });
    await apiFetch('/api/x', { credentials: 'omit' } as never);
    expect(calls.map((c) => c.init.credentials)).toEqual(['include', 'include', 'include']);
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const { calls } = installFakeFetch({ body: '{"success":true}' });
    await apiFetch('/api/market/buy/complete', {
      method: 'POST',
      body: { saleVerificationCode: 'abc' },
      headers: { 'x-extra': '1' },
    });
    const [call] = calls;
    expect(call?.url).toBe('/api/market/buy/complete');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"saleVerificationCode":"abc"}');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-extra')).toBe('1');
  });

  it('sends no body and no content type without a body', async () => {
    const { calls } = installFakeFetch({ body: '{}' });
    await apiFetch('/api/paws/price');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(new Headers(calls[0]?.init.headers).has('content-type')).toBe(false);
  });

  it('throws "status: body" on a non-success answer and keeps the status and parsed body', async () => {
    installFakeFetch({ status: 400, statusText: 'Bad Request', body: '{"error":"Insufficient PAWS token allowance"}' });
    const error = await apiFetch('/api/paws/buy/prepare', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"error":"Insufficient PAWS token allowance"}');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({ error: 'Insufficient PAWS token allowance' });
  });

  it('uses the status text when the error body is empty', async () => {
    installFakeFetch({ status: 503, statusText: 'Service Unavailable', body: '' });
    const error = (await apiFetch('/api/hbar/price').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeUndefined();
  });

  it('keeps a plain-text error body as text only', async () => {
    installFakeFetch({ status: 500, statusText: 'Internal Server Error', body: 'boom' });
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('500: boom');
    expect(error.bodyText).toBe('boom');
    expect(error.body).toBeUndefined();
  });

  it('apiJson parses the JSON answer', async () => {
    installFakeFetch({ body: '{"price":0.0123}' });
    await expect(apiJson('/api/paws/price')).resolves.toEqual({ price: 0.0123 });
  });
});

describe('a request that gets no answer', () => {
  it('fails as ApiUnreachableError, which the user reads as the action’s own failure text, not "Failed to fetch"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await apiFetch('/api/profile/0.0.7001001/nfts/sync', { method: 'POST' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiUnreachableError);
    expect(errorText(failure, 'Failed to sync NFTs')).toBe('Failed to sync NFTs');
  });

  it('keeps an abort an abort: its caller stopped it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    const failure = await apiFetch('/api/market/figures').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });
});
