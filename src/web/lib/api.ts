import { ApiError } from './errors';
import { currentLocale, translate } from './i18n';
import { isTokenExpired } from './jwt';
import { type SessionKind, endSession, getToken, refreshToken } from './session';

export { ApiError, errorMessage } from './errors';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Send the shopper's or the admin's bearer token, refreshing it when needed. */
  auth?: SessionKind;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * The one API client. JSON in and out, bearer tokens, and errors as ApiError (status + server message).
 * With `auth`, an expired token is refreshed before the call, and a 401 triggers one refresh and one
 * retry; when the refresh is refused the session ends.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return parse<T>(await respond(path, options));
}

/** The response of a call, with the bearer token handling of api(). */
async function respond(path: string, options: ApiOptions): Promise<Response> {
  const { auth } = options;
  if (!auth) return send(path, options, null);

  let token = getToken(auth);
  if (token && isTokenExpired(token)) token = await refreshOrEnd(auth);
  const response = await send(path, options, token);
  if (response.status !== 401 || !token) return response;

  // The server no longer accepts this token (revoked, rotated elsewhere): one refresh, one retry.
  const fresh = await refreshOrEnd(auth);
  const retried = await send(path, options, fresh);
  if (retried.status === 401) endSession(auth);
  return retried;
}

/**
 * A file the server sends (a CSV export), fetched with the same tokens as api(): its bytes and the
 * name its Content-Disposition gives (or `fallbackName`). Errors are ApiErrors as api()'s are.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  options: Omit<ApiOptions, 'method' | 'body'> = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await respond(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  if (!response.ok) return parse<never>(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

async function refreshOrEnd(kind: SessionKind): Promise<string> {
  try {
    return await refreshToken(kind);
  } catch (error) {
    // Only a refusal ends the session: a dropped connection keeps the shopper logged in.
    if (error instanceof ApiError && error.isClientError) endSession(kind);
    throw error;
  }
}

async function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  // The server writes its messages (errors, and mails it sends for this request) in the page's language.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, translate('common.error.network'));
  }
}

async function parse<T>(response: Response): Promise<T> {
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json().catch(() => undefined) : undefined;
  if (response.ok) return body as T;
  const message = (body as { message?: unknown } | undefined)?.message;
  const serverMessage = typeof message === 'string' && message ? message : undefined;
  throw new ApiError(
    response.status,
    serverMessage ?? translate('common.error.requestFailed', { status: String(response.status) }),
    serverMessage,
    body,
  );
}

export const apiGet = <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) => api<T>(path, options);

export const apiPost = <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'POST', body: body ?? {} });

export const apiPut = <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'PUT', body: body ?? {} });
