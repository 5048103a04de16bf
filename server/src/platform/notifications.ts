/**
 * One database-notification listener per process. Subscribers (the auth cache, the job worker, later the in-memory
 * timetable index) register channels on it; it holds one LISTEN connection for all of them. When the connection is
 * lost every subscriber is told (the auth cache stops caching, an index knows it may have missed changes) and it
 * reconnects with exponential backoff and jitter, LISTENs again on every channel and tells them it is live again.
 * On PGlite the listener uses PGlite's own listen API; it is never lost.
 */

/** What a database driver gives the listener: a connection that LISTENs and reports notifications and its loss. */
export interface ListenDriver {
  connect(handlers: {
    onNotification(channel: string, payload: string | undefined): void;
    onLost(error: unknown): void;
  }): Promise<ListenConnection>;
}

export interface ListenConnection {
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  close(): Promise<void>;
}

/** `idle`: nothing subscribed yet, so no connection is held. */
export type ListenerState = 'idle' | 'connecting' | 'live' | 'down' | 'closed';

export interface Subscriber {
  onPayload(payload: string | undefined): void;
  /** Called with true once the channel is listened to (again), false whenever the listener is lost. */
  onState?(live: boolean): void;
}

export interface NotificationsStatus {
  state: ListenerState;
  channels: string[];
  /** Connections made after a loss. */
  reconnects: number;
  /** When the state last changed (ISO). */
  since: string;
  last_error: string | null;
}

export interface NotificationsOptions {
  /** Backoff before reconnect attempt n: random up to min(maxDelayMs, baseDelayMs * 2^(n-1)), at least baseDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export class Notifications {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private connection: ListenConnection | null = null;
  /** The channels the current connection listens to. */
  private listened = new Set<string>();
  private readonly told = new WeakMap<Subscriber, boolean>();
  private current: ListenerState = 'idle';
  private since = new Date();
  private reconnects = 0;
  private failures = 0;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly driver: ListenDriver,
    private readonly options: NotificationsOptions = {},
  ) {
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
  }

  status(): NotificationsStatus {
    return {
      state: this.current,
      channels: [...this.subscribers.keys()].sort(),
      reconnects: this.reconnects,
      since: this.since.toISOString(),
      last_error: this.lastError,
    };
  }

  get live(): boolean {
    return this.current === 'live';
  }

  /**
   * Registers a subscriber on a channel (a lower-case SQL identifier); answers once the channel is listened to, or
   * at once while the listener is down (the subscriber hears `onState(true)` when it is back). Answers a function that
   * removes the subscription.
   */
  async subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    if (this.current === 'closed') throw new Error('the notification listener is closed');
    let set = this.subscribers.get(channel);
    const fresh = !set;
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    if (!this.connection && !this.connecting && !this.timer) await this.connect();
    else if (this.connecting) await this.connecting.catch(() => undefined);
    if (fresh) await this.listenOn(channel);
    this.tell(subscriber, this.live);
    return async () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(channel) === set) {
        this.subscribers.delete(channel);
        if (this.listened.delete(channel)) await this.connection?.unlisten(channel).catch(() => undefined);
      }
    };
  }

  private async listenOn(channel: string): Promise<void> {
    const connection = this.connection;
    if (!connection || this.listened.has(channel)) return;
    this.listened.add(channel);
    try {
      await connection.listen(channel);
    } catch (error) {
      if (this.connection === connection) this.lost(error);
    }
  }

  /** Tells a subscriber the listener's state when it changed since it was last told. */
  private tell(subscriber: Subscriber, live: boolean): void {
    if (this.told.get(subscriber) === live) return;
    this.told.set(subscriber, live);
    subscriber.onState?.(live);
  }

  private tellAll(live: boolean): void {
    for (const set of this.subscribers.values()) for (const s of set) this.tell(s, live);
  }

  private setState(state: ListenerState): void {
    if (this.current === state) return;
    this.current = state;
    this.since = new Date();
  }

  private connect(): Promise<void> {
    this.setState('connecting');
    this.connecting = (async () => {
      try {
        const connection = await this.driver.connect({
          onNotification: (channel, payload) => this.dispatch(channel, payload),
          onLost: (error) => {
            if (this.connection === connection) this.lost(error);
          },
        });
        if (this.current === 'closed') {
          await connection.close().catch(() => undefined);
          return;
        }
        this.connection = connection;
        this.listened = new Set();
        for (const channel of this.subscribers.keys()) {
          this.listened.add(channel);
          await connection.listen(channel);
        }
        this.failures = 0;
        this.setState('live');
        this.tellAll(true);
      } catch (error) {
        this.lost(error);
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private dispatch(channel: string, payload: string | undefined): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    for (const s of set) {
      try {
        s.onPayload(payload);
      } catch (error) {
        this.options.log?.warn({ channel, err: String(error) }, 'a notification subscriber failed');
      }
    }
  }

  /** The connection is gone: tell everyone, and try again after the backoff. */
  private lost(error: unknown): void {
    if (this.current === 'closed') return;
    const connection = this.connection;
    this.connection = null;
    this.listened = new Set();
    void connection?.close().catch(() => undefined);
    this.lastError = error instanceof Error ? error.message : String(error);
    this.setState('down');
    this.tellAll(false);
    this.failures++;
    if (this.timer) return;
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (this.failures - 1));
    const delay = Math.max(this.baseDelayMs, Math.floor(Math.random() * ceiling));
    this.options.log?.warn({ err: this.lastError, retryInMs: delay }, 'notification listener lost');
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reconnects++;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.setState('closed');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connecting?.catch(() => undefined);
    const connection = this.connection;
    this.connection = null;
    await connection?.close().catch(() => undefined);
  }
}
