import { readJson, removeKey, writeJson } from '@/lib/storage';

export const VERSION_POLL_MS = 20_000;
export const VERSION_PATH = '/version.json';
const RESTORE_KEY = 'aircargo.restoreRoute';

let updatePending = false;

export function isUpdatePending(): boolean {
  return updatePending;
}

export function markUpdatePending(pending = true): void {
  updatePending = pending;
}

/** Build id of the deployed app, or null when unknown (dev server, offline). */
export async function fetchBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn(`${VERSION_PATH}?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

export interface VersionWatchOptions {
  currentBuildId: string;
  intervalMs?: number;
  fetchFn?: typeof fetch;
}

/** Polls the deployed build id; on a change marks an update pending and calls back once. Returns a stop function. */
export function startVersionWatch(onNewVersion: () => void, options: VersionWatchOptions): () => void {
  let stopped = false;
  const check = async () => {
    const deployed = await fetchBuildId(options.fetchFn);
    if (stopped || !deployed || deployed === options.currentBuildId) return;
    stopped = true;
    clearInterval(timer);
    markUpdatePending();
    onNewVersion();
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? VERSION_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** With an update pending, a navigation stores its target and reloads; returns true when it did. */
export function reloadIntoUpdate(target: string, reload: () => void = () => window.location.reload()): boolean {
  if (!updatePending) return false;
  writeJson(sessionStorage, RESTORE_KEY, target);
  reload();
  return true;
}

/** After such a reload, puts the stored route back into the address bar before the router starts. */
export function restorePendingRoute(): string | null {
  const target = readJson<string>(sessionStorage, RESTORE_KEY);
  removeKey(sessionStorage, RESTORE_KEY);
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (current !== target) window.history.replaceState(window.history.state, '', target);
  return target;
}
