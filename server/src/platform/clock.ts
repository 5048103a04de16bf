/**
 * The application's notion of "now". Services and the auth guard read the time from the clock in the app's dependencies
 * instead of `new Date()`, so that tests can freeze and move it; timestamps a service writes or compares with stored ones
 * are passed to SQL from this clock, not from the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

/** The wall clock of the machine. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export class FrozenClock implements Clock {
  private ms: number;

  constructor(at: Date | string | number = Date.now()) {
    this.ms = new Date(at).getTime();
    if (Number.isNaN(this.ms)) throw new RangeError(`not a time: ${String(at)}`);
  }

  now(): Date {
    return new Date(this.ms);
  }

  /** Sets the clock to this instant. */
  set(at: Date | string | number): void {
    const ms = new Date(at).getTime();
    if (Number.isNaN(ms)) throw new RangeError(`not a time: ${String(at)}`);
    this.ms = ms;
  }

  /** Moves the clock forward (or back, with a negative amount) by milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }
}
