import type { ErrorBody, MessageKey, MessageParams } from '@shop/shared';

/**
 * The API client. Every failure becomes an ApiError whose `code` is a catalogue key, so a
 * screen shows `t(code)`: the four kinds of SPEC §8 (fetch error, timeout, unreadable answer,
 * HTTP status with data).
 */
export class ApiError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly status: number,
    message: string,
    readonly fields: Record<string, { code: MessageKey; message: string; params?: MessageParams }> = {},
    /** A third party's own words for the failure (the payment provider's, with REFUND_FAILED). */
    readonly reason?: string,
    /** Figures the message names (STOCK_HELD's held units and minutes). */
    readonly params?: MessageParams,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  };
  try {
    response = await fetch(`/api${path}`, init);
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', 0, String(error));
  }
  let payload: { data?: T } & Partial<ErrorBody>;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'PARSE_ERROR' : 'INTERNAL', response.status, 'unreadable response');
  }
  if (!response.ok || payload.error) {
    const error = payload.error;
    throw new ApiError(
      error?.code ?? 'INTERNAL',
      response.status,
      error?.message ?? response.statusText,
      error?.fields,
      error?.reason,
      error?.params,
    );
  }
  return payload.data as T;
}

export const apiGet = <T>(path: string) => api<T>('GET', path);
