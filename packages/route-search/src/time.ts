/** Epoch minutes (whole minutes since 1970-01-01T00:00Z) of an instant; seconds are dropped. */
export function toEpochMinutes(instant: Date | string | number): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return Math.floor(ms / 60000);
}

/** The instant of an epoch minute. */
export function fromEpochMinutes(minutes: number): Date {
  return new Date(minutes * 60000);
}
