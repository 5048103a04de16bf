import { type TokenResponse, tokenResponse } from '@aircargo/contract/auth';
import { readJson, removeKey, writeJson } from '@/lib/storage';

export const tokenResponseSchema = tokenResponse;
export type { TokenResponse };

export interface Session extends TokenResponse {
  /** Remember me: kept in localStorage across browser restarts; otherwise in sessionStorage. */
  remember: boolean;
}

export type SignOutReason = 'user' | 'unauthorized' | 'renewal-failed';

const KEY = 'aircargo.session';
/** Renew this many seconds before the token runs out, so a request never leaves with a dead token. */
export const RENEW_MARGIN_SECONDS = 30;

type Listener = () => void;
let cached: Session | null | undefined;
let lastSignOut: { reason: SignOutReason; at: number } | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) {
    cached = readJson<Session>(localStorage, KEY) ?? readJson<Session>(sessionStorage, KEY);
  }
  return cached;
}

export function setSession(token: TokenResponse, remember: boolean): Session {
  const session: Session = { ...token, remember };
  cached = session;
  lastSignOut = null;
  removeKey(remember ? sessionStorage : localStorage, KEY);
  writeJson(remember ? localStorage : sessionStorage, KEY, session);
  emit();
  return session;
}

export function clearSession(reason: SignOutReason): void {
  const had = getSession() !== null;
  cached = null;
  removeKey(localStorage, KEY);
  removeKey(sessionStorage, KEY);
  lastSignOut = { reason, at: Date.now() };
  if (had) emit();
}

/** Why the session ended, if it ended within `withinMs` (the window before the redirect to sign-in). */
export function recentSignOutReason(withinMs: number, nowMs = Date.now()): SignOutReason | null {
  if (!lastSignOut || nowMs - lastSignOut.at > withinMs) return null;
  return lastSignOut.reason;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token counts as expired once created_at + expires_in has passed (minus a renewal margin). */
export function isExpired(
  session: Pick<Session, 'created_at' | 'expires_in'>,
  nowMs: number,
  marginSeconds = 0,
): boolean {
  return (session.created_at + session.expires_in - marginSeconds) * 1000 <= nowMs;
}

/** Test hook: forget the in-memory copy. */
export function resetSessionCache(): void {
  cached = undefined;
  lastSignOut = null;
}
