/** Maps strings to small dense integers and back (airports, carriers, flight numbers, aircraft types). */
export class Interner {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** The id of a known value, or -1. */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }

  /** Rough heap bytes: map entry, array slot and the string itself. */
  estimateBytes(): number {
    let chars = 0;
    for (const v of this.values) chars += v.length;
    return this.values.length * 64 + chars * 2;
  }
}
