import { authApi } from '@aircargo/contract/auth';
import { type QueryParams, toQueryString } from '@aircargo/contract/query-string';
import ky, { HTTPError, type KyResponse, TimeoutError } from 'ky';
import type { z } from 'zod';
import {
  clearSession,
  getSession,
  isExpired,
  RENEW_MARGIN_SECONDS,
  type Session,
  type SignOutReason,
  setSession,
} from '@/lib/auth/session';
import { currentHost, type HostInfo } from '@/lib/gating/subdomain';
import { i18n } from '@/lib/i18n/i18n';
import { logEvent } from '@/lib/log/log-intake';
import { notify, toast } from '@/lib/notify';
import { writeJson } from '@/lib/storage';
import { ApiError, errorFromResponse } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON-serialisable value, or FormData sent as multipart. */
  body?: unknown;
  /** Validates and converts the answer (numeric strings to numbers and so on). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * Requests of the same kind cancel each other: a newer one aborts the one still in flight.
   * Defaults to "GET <path>" for GET requests; pass false to opt out or a string to group requests.
   */
  kind?: string | false;
  timeoutMs?: number;
  /** Retries for idempotent methods (default 2); other methods are never retried. */
  retries?: number;
  headers?: Record<string, string>;
  /** Send the session's token (default true). */
  auth?: boolean;
  responseType?: 'json' | 'blob';
  onProgress?: (loaded: number, total: number | null) => void;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number | null; error: ApiError };

export interface ClientDeps {
  fetch: typeof fetch;
  navigate: (to: string) => void;
  currentPath: () => string;
  later: (fn: () => void, ms: number) => void;
  now: () => number;
  host: () => HostInfo;
}

export const API_PREFIX = '/api/v3/';
export const TIMEOUT_MS = 60_000;
export const MAX_RETRIES = 2;
export const REDIRECT_DELAY_MS = 2000;
export const TOKEN_INFO_PATH = '/oauth/token/info';
export const ACCESS_DENIED_KEY = 'aircargo.accessDenied';
/** Statuses whose Retry-After is honoured (ky's default, seed 001 section 9). */
const RETRY_AFTER_STATUSES = new Set([413, 429, 503]);
/** A Retry-After longer than this is not waited for: the failure is returned instead. */
const MAX_RETRY_AFTER_MS = 60_000;
const SUPERSEDED = 'superseded';

const defaultDeps: ClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (to) => window.location.assign(to),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  later: (fn, ms) => {
    setTimeout(fn, ms);
  },
  now: () => Date.now(),
  host: currentHost,
};
let deps: ClientDeps = defaultDeps;

/** The app plugs in router navigation; tests plug in fakes. */
export function configureApiClient(overrides: Partial<ClientDeps>): void {
  deps = { ...deps, ...overrides };
}

/** Test hook: back to defaults and no shared state. */
export function resetApiClient(): void {
  deps = defaultDeps;
  inflight.clear();
  renewal = null;
  signingOut = false;
}

export function resolveUrl(path: string, query?: QueryParams): string {
  const base = path.startsWith('/') ? path : `${API_PREFIX}${path}`;
  const qs = toQueryString(query);
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

/** Backoff before retry n (1-based): 0.3 * 2^(n-1) seconds, ky's default retry delay (seed 001 section 9). */
export function backoffMs(retry: number): number {
  return 300 * 2 ** (retry - 1);
}

/** Retry-After as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** File name from a content-disposition header (RFC 5987 filename* first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

const inflight = new Map<string, AbortController>();
let renewal: Promise<Session | null> | null = null;
let signingOut = false;

function isTokenCall(path: string): boolean {
  return path.startsWith('/oauth/');
}

function pathOnly(path: string): string {
  return path.split('?')[0] ?? path;
}

/** Signs out, says "not authorized" and goes to the sign-in page after 2 s. */
export function signOutUnauthorized(reason: SignOutReason = 'unauthorized'): void {
  if (signingOut) return;
  signingOut = true;
  const from = deps.currentPath();
  clearSession(reason);
  toast(i18n.t('errors.notAuthorized'), 'negative');
  deps.later(() => {
    signingOut = false;
    const target = from.startsWith('/signIn') ? '/signIn' : `/signIn?redirect=${encodeURIComponent(from)}`;
    deps.navigate(target);
  }, REDIRECT_DELAY_MS);
}

function handleForbidden(error: ApiError, session: Session | null): void {
  toast(i18n.t('errors.accessDenied'), 'negative');
  if (error.availableUrls.length === 0) return;
  writeJson(localStorage, ACCESS_DENIED_KEY, { email: session?.email ?? null, urls: error.availableUrls });
  // A refusal of a call the page made before the user moved on (e.g. picked another role from the access-denied list)
  // must not pull them back: go to the profile only from the page that was refused.
  const from = deps.currentPath();
  deps.later(() => {
    if (deps.currentPath() === from) deps.navigate('/profile?accessDenied=true');
  }, REDIRECT_DELAY_MS);
}

/** Renews the token with the refresh token; concurrent callers share one renewal. Signs out when it fails. */
async function renewSession(session: Session): Promise<Session | null> {
  if (!renewal) {
    renewal = (async () => {
      if (!session.refresh_token) return null;
      const result = await apiRequest(authApi.token.path, {
        method: authApi.token.method,
        body: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
        auth: false,
        kind: false,
        schema: authApi.token.response,
      });
      return result.ok ? setSession(result.data, session.remember) : null;
    })().finally(() => {
      renewal = null;
    });
  }
  const renewed = await renewal;
  if (!renewed && getSession()) signOutUnauthorized('renewal-failed');
  return renewed;
}

type Outcome =
  | { type: 'response'; response: Response }
  | { type: 'network'; cause: unknown }
  | { type: 'aborted'; reason: 'superseded' | 'timeout' | 'caller' };

/** The Retry-After of a response, where its status carries one. */
function retryAfterOf(response: Response): number | null {
  return RETRY_AFTER_STATUSES.has(response.status)
    ? parseRetryAfter(response.headers.get('retry-after'), deps.now())
    : null;
}

/**
 * Sends the request through ky, whose default retry is seed 001 section 9's generic wrapper: idempotent methods, at
 * most `retries` more attempts on 408, 413, 429, 500, 502, 503, 504 and network errors, 0.3 * 2^(n-1) s apart, or
 * after the Retry-After of a 413, 429 or 503. Two deviations: a Retry-After beyond 60 s is not waited for, and a 413
 * without one is retried like the other statuses. Each attempt has its own timeout.
 */
async function send(
  method: HttpMethod,
  url: string,
  init: RequestInit,
  main: AbortController,
  timeoutMs: number,
  retries: number,
): Promise<Outcome> {
  // ky builds a Request, which needs an absolute URL; the fetch underneath gets the path and init as built here.
  const absolute = new URL(url, globalThis.location?.origin ?? 'http://localhost').href;
  try {
    const response: KyResponse = await ky(absolute, {
      method,
      signal: main.signal,
      timeout: timeoutMs,
      retry: {
        limit: retries,
        shouldRetry: ({ error }) => {
          if (main.signal.aborted) return false;
          if (!(error instanceof HTTPError)) return undefined;
          const { response: failed } = error;
          const after = retryAfterOf(failed);
          if (after !== null && after > MAX_RETRY_AFTER_MS) return false;
          if (failed.status === 413 && after === null) return true;
          return undefined;
        },
      },
      fetch: (request) => deps.fetch(url, { ...init, signal: (request as Request).signal }),
    });
    return { type: 'response', response };
  } catch (cause) {
    if (cause instanceof HTTPError) return { type: 'response', response: cause.response };
    if (cause instanceof TimeoutError) return { type: 'aborted', reason: 'timeout' };
    if (main.signal.aborted)
      return { type: 'aborted', reason: main.signal.reason === SUPERSEDED ? 'superseded' : 'caller' };
    return { type: 'network', cause };
  }
}

async function readBody(response: Response, options: RequestOptions<unknown>): Promise<unknown> {
  if (options.responseType === 'blob') {
    const total = Number(response.headers.get('content-length')) || null;
    if (!response.body || !options.onProgress) return response.blob();
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      options.onProgress(loaded, total);
    }
    return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  }
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function buildInit(method: HttpMethod, options: RequestOptions<unknown>, session: Session | null): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (session) headers.Authorization = `${session.token_type || 'Bearer'} ${session.access_token}`;
  const host = deps.host();
  if (host.subdomainType !== 'default' && host.subdomain) headers['X-Carrier'] = host.subdomain;
  return { method, headers, body };
}

function logFailure(method: HttpMethod, url: string, options: RequestOptions<unknown>, error: ApiError): void {
  if (error.status === 404 || url.startsWith('/api/events')) return;
  logEvent(
    'Error',
    'HTTP {Method} {RequestUrl} failed: {Status} {Kind}',
    {
      Method: method,
      RequestUrl: url,
      Status: error.status,
      Kind: error.kind,
      Code: error.code,
      RequestBody: options.body instanceof FormData ? '[form-data]' : options.body,
      ResponseBody: error.body,
    },
    error.serverMessage ?? undefined,
  );
}

/**
 * One call to the server. Failures are returned, not thrown: `{ ok: false, error }`.
 * Handles the token (renewal before expiry), the carrier header, retries (ky), cancellation by a newer call of the same
 * kind, the 60 s timeout, 401 (sign-out), 403 (access denied) and logging of failures.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const url = resolveUrl(path, options.query);
  const tokenCall = isTokenCall(path);

  let session = options.auth === false ? null : getSession();
  if (session && !tokenCall && isExpired(session, deps.now(), RENEW_MARGIN_SECONDS)) {
    session = await renewSession(session);
    if (!session) {
      return { ok: false, status: 401, error: new ApiError({ kind: 'Custom', status: 401, code: 'Unauthorized' }) };
    }
  }

  const main = new AbortController();
  const kind = options.kind === undefined ? (method === 'GET' ? `GET ${pathOnly(path)}` : null) : options.kind || null;
  if (kind) {
    inflight.get(kind)?.abort(SUPERSEDED);
    inflight.set(kind, main);
  }
  const onCallerAbort = () => main.abort('caller');
  if (options.signal?.aborted) main.abort('caller');
  options.signal?.addEventListener('abort', onCallerAbort);

  const init = buildInit(method, options as RequestOptions<unknown>, session);
  const retries = options.retries ?? MAX_RETRIES;
  const fail = (error: ApiError): ApiResult<T> => ({ ok: false, status: error.status, error });

  try {
    const outcome = await send(method, url, init, main, options.timeoutMs ?? TIMEOUT_MS, retries);

    if (outcome.type === 'aborted') {
      if (outcome.reason === 'timeout') {
        notify(i18n.t('errors.longResponse'), { color: 'orange', id: 'long-response' });
        const error = new ApiError({ kind: 'Timeout' });
        logFailure(method, url, options as RequestOptions<unknown>, error);
        return fail(error);
      }
      if (outcome.reason === 'superseded') {
        logEvent('Warning', 'HTTP {Method} {RequestUrl} aborted by a newer request', {
          Method: method,
          RequestUrl: url,
        });
      }
      return fail(new ApiError({ kind: 'Aborted' }));
    }

    if (outcome.type === 'network') {
      toast(i18n.t('errors.network'), 'negative');
      const error = new ApiError({ kind: 'Network', serverMessage: String(outcome.cause) });
      logFailure(method, url, options as RequestOptions<unknown>, error);
      return fail(error);
    }

    const { response } = outcome;
    if (response.ok) {
      const body = await readBody(response, options as RequestOptions<unknown>);
      if (!options.schema) return { ok: true, status: response.status, data: body as T, headers: response.headers };
      const parsed = options.schema.safeParse(body);
      if (parsed.success) return { ok: true, status: response.status, data: parsed.data, headers: response.headers };
      const error = new ApiError({
        kind: 'Parse',
        status: response.status,
        serverMessage: parsed.error.message,
        body,
      });
      logFailure(method, url, options as RequestOptions<unknown>, error);
      return fail(error);
    }

    const body = await readBody(response, {}).catch(() => null);
    const error = errorFromResponse(response.status, body, retryAfterOf(response));
    logFailure(method, url, options as RequestOptions<unknown>, error);
    if (response.status === 401 && session && pathOnly(path) !== TOKEN_INFO_PATH) signOutUnauthorized();
    else if (response.status === 403) handleForbidden(error, session);
    return fail(error);
  } finally {
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (kind && inflight.get(kind) === main) inflight.delete(kind);
  }
}

/** For react-query: the data, or the ApiError thrown. */
export async function apiFetch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const result = await apiRequest(path, options);
  if (result.ok) return result.data;
  throw result.error;
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
}

/** Downloads a file with progress; the name comes from content-disposition, else the given fallback. */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions<Blob>, 'responseType' | 'schema'> & { fallbackName: string },
): Promise<ApiResult<DownloadResult>> {
  const result = await apiRequest<Blob>(path, { ...options, responseType: 'blob', kind: options.kind ?? false });
  if (!result.ok) return result;
  const filename = filenameFromDisposition(result.headers.get('content-disposition')) ?? options.fallbackName;
  return { ...result, data: { blob: result.data, filename } };
}

/** Hands a downloaded file to the browser. */
export function saveFile({ blob, filename }: DownloadResult): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
