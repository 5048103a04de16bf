import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Leveled = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type LogCall = (...args: unknown[]) => void;
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger that becomes the real child logger (the request id among its bindings) the first time something is
 * written at an enabled level. Fastify makes a child logger for every request; at the usual production levels most
 * requests log nothing, and the child costs a share of the hot path's time (see decision 004 and `npm run bench:api`).
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Leveled & { isLevelEnabled: (level: string) => boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    if (this.real === null) this.real = this.parent.child(this.bindings, this.options);
    return this.real;
  }

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    const enabled = this.real ? (this.real as Leveled).isLevelEnabled?.(level) : this.parent.isLevelEnabled(level);
    if (enabled !== false) (this.logger[level] as unknown as LogCall)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's child logger factory, made lazy. A route with its own log level or serializers, or a logger that cannot say
 * whether a level is enabled, gets the ordinary child at once.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) => {
  const parent = logger as Leveled;
  if (typeof parent.isLevelEnabled !== 'function' || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(
    parent as Leveled & { isLevelEnabled: (level: string) => boolean },
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
};
