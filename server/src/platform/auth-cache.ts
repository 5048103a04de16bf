/**
 * A short-lived, per-process cache of what the hot authenticated path reads: the context of a token (by its hash) and
 * a user's profile body. It is safe across processes because every write that could change an entry notifies
 * 'auth_change' from a database trigger (see migration 0001), and each process drops the entries of that user at once;
 * the TTL bounds what a lost notification could leave stale. While the listener is down, nothing is cached.
 */
import { deepFreeze } from './serializer';

interface Entry<T> {
  value: T;
  userId: number;
  until: number;
}

const MAX_ENTRIES = 50_000;

export class AuthCache {
  private readonly tokens = new Map<string, Entry<unknown>>();
  private readonly profiles = new Map<number, Entry<unknown>>();
  private live = false;

  constructor(private readonly ttlMs: number) {}

  /** Turns caching on or off; the listener calls it as its connection comes and goes. */
  setLive(live: boolean): void {
    this.live = live && this.ttlMs > 0;
    if (!this.live) this.clear();
  }

  private get<K, T>(map: Map<K, Entry<unknown>>, key: K): T | undefined {
    if (!this.live) return undefined;
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  private set<K>(map: Map<K, Entry<unknown>>, key: K, userId: number, value: unknown): void {
    if (!this.live) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, userId, until: Date.now() + this.ttlMs });
  }

  getToken<T>(hash: string): T | undefined {
    return this.get<string, T>(this.tokens, hash);
  }

  setToken(hash: string, userId: number, value: unknown): void {
    this.set(this.tokens, hash, userId, value);
  }

  getProfile<T>(userId: number): T | undefined {
    return this.get<number, T>(this.profiles, userId);
  }

  /** Caches a profile body, frozen: requests share it, and the serializer writes its JSON once (platform/serializer.ts). */
  setProfile(userId: number, value: unknown): void {
    if (!this.live) return;
    this.set(this.profiles, userId, userId, deepFreeze(value));
  }

  invalidateUser(userId: number): void {
    this.profiles.delete(userId);
    for (const [hash, entry] of this.tokens) if (entry.userId === userId) this.tokens.delete(hash);
  }

  clear(): void {
    this.tokens.clear();
    this.profiles.clear();
  }

  /** Applies an 'auth_change' payload: `u:<user id>` or `*`. */
  onNotification(payload: string | undefined): void {
    if (payload?.startsWith('u:')) this.invalidateUser(Number(payload.slice(2)));
    else this.clear();
  }
}
