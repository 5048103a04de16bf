import { Interner } from './interner';
import type { DatedLeg, LegView, TimetablePatch } from './types';

// Leg flags, one byte per slot.
export const F_FREIGHTER = 1;
export const F_SALES_CLOSED = 2;
export const F_CANCELLED = 4;
export const F_LOCKED = 8;
export const F_LIVE = 16;

const NO_OPEN = -2147483648;
const NO_CLOSE = 2147483647;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const MAX_AIRPORTS = 65535;
/** Batches larger than this re-sort the whole order (O(n)) instead of moving it once per leg. */
const BATCH_RESORT_THRESHOLD = 48;

export interface IndexMemory {
  legs: number;
  slotCapacity: number;
  airports: number;
  carriers: number;
  /** Bytes of the per-leg columns (typed arrays). */
  columnBytes: number;
  /** Bytes of the id -> slot hash table. */
  hashBytes: number;
  /** Bytes of the sorted order and the airport-pair offsets. */
  orderBytes: number;
  /** Rough heap bytes of the interned strings. */
  stringBytes: number;
  totalBytes: number;
}

function checkMinute(name: string, value: number): void {
  if (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX) {
    throw new RangeError(`${name} must be an integer number of epoch minutes, got ${value}`);
  }
}

function checkLeg(leg: DatedLeg): void {
  if (!Number.isSafeInteger(leg.id) || leg.id < 0)
    throw new RangeError(`leg id must be a non-negative integer: ${leg.id}`);
  if (!leg.origin || !leg.destination || !leg.carrier || !leg.flightNumber) {
    throw new RangeError(`leg ${leg.id}: carrier, flight number, origin and destination are required`);
  }
  checkMinute('departure', leg.departure);
  checkMinute('arrival', leg.arrival);
  if (leg.arrival < leg.departure) throw new RangeError(`leg ${leg.id}: arrival before departure`);
  if (leg.salesOpenAt != null) checkMinute('salesOpenAt', leg.salesOpenAt);
  if (leg.salesCloseAt != null) checkMinute('salesCloseAt', leg.salesCloseAt);
  if (!(leg.availableKg >= 0) || !(leg.availableM3 >= 0)) {
    throw new RangeError(`leg ${leg.id}: available kg and m3 must be numbers >= 0`);
  }
}

function hashId(id: number): number {
  const lo = id >>> 0;
  const hi = Math.floor(id / 4294967296);
  return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> 0;
}

function grow<T extends Int32Array | Uint16Array | Uint32Array | Uint8Array | Float32Array | Float64Array>(
  a: T,
  size: number,
): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

function scatterF64(col: Float64Array, target: Int32Array, end: number, size: number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(size);
  for (let s = 0; s < end; s++) {
    const t = target[s]!;
    if (t >= 0) out[t] = col[s]!;
  }
  return out;
}
function scatterI32(col: Int32Array, target: Int32Array, end: number, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  for (let s = 0; s < end; s++) {
    const t = target[s]!;
    if (t >= 0) out[t] = col[s]!;
  }
  return out;
}
function scatterU32(col: Uint32Array, target: Int32Array, end: number, size: number): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(size);
  for (let s = 0; s < end; s++) {
    const t = target[s]!;
    if (t >= 0) out[t] = col[s]!;
  }
  return out;
}
function scatterU16(col: Uint16Array, target: Int32Array, end: number, size: number): Uint16Array<ArrayBuffer> {
  const out = new Uint16Array(size);
  for (let s = 0; s < end; s++) {
    const t = target[s]!;
    if (t >= 0) out[t] = col[s]!;
  }
  return out;
}
function scatterU8(col: Uint8Array, target: Int32Array, end: number, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let s = 0; s < end; s++) {
    const t = target[s]!;
    if (t >= 0) out[t] = col[s]!;
  }
  return out;
}

/**
 * The in-memory timetable: dated legs in columns of typed arrays, kept sorted by (origin, destination, departure) with
 * an offset table per airport pair, so the search finds "legs from X to Y departing after t" by one binary search.
 * Patchable one leg at a time (a database notification) or by batch; `memory()` reports what it holds.
 */
export class TimetableIndex {
  readonly airports = new Interner();
  readonly carriers = new Interner();
  private readonly flightNumbers = new Interner();
  private readonly aircraftTypes = new Interner();

  // Columns, indexed by slot.
  private capacity = 0;
  private highWater = 0;
  private freeSlots: number[] = [];
  ids = new Float64Array(0);
  dep = new Int32Array(0);
  arr = new Int32Array(0);
  org = new Uint16Array(0);
  dst = new Uint16Array(0);
  car = new Uint16Array(0);
  private fno = new Uint32Array(0);
  /** Aircraft type id + 1; 0 = unknown. */
  private acft = new Uint16Array(0);
  flags = new Uint8Array(0);
  kg = new Float64Array(0);
  m3 = new Float64Array(0);
  salesOpen = new Int32Array(0);
  salesClose = new Int32Array(0);

  // id -> slot + 1 (0 = empty), open addressing with linear probing.
  private table = new Int32Array(1024);
  private tableBits = 10;
  /** False while `build` appends legs: the table is rebuilt once at the end. */
  private hashed = true;

  /** Live slots sorted by (origin, destination, departure, slot); `count` of them. */
  order = new Int32Array(0);
  /** The departure of each position of `order` (binary searches read one compact array, not the columns). */
  orderDep = new Int32Array(0);
  private count = 0;
  /** Pair p = origin * dim + destination occupies order[pairStart[p] .. pairStart[p + 1]). */
  pairStart = new Int32Array(1);
  dim = 0;
  /** Bumped on every change; lets callers cache per-version data. */
  version = 0;
  /** Airports each airport has legs to, rebuilt after the set of airport pairs may have changed. */
  private adjacency: number[][] | null = null;

  static build(legs: Iterable<DatedLeg>): TimetableIndex {
    const index = new TimetableIndex();
    // Bulk: append every leg without touching the hash table, then hash once (a repeated id: the last one wins).
    index.hashed = false;
    for (const leg of legs) index.write(leg, true);
    index.hashed = true;
    index.rehash(index.tableBits, true);
    index.resort();
    index.compact();
    return index;
  }

  get size(): number {
    return this.count;
  }

  /** Adds a leg or replaces the one with its id. */
  upsert(leg: DatedLeg): void {
    this.applyPatches([{ op: 'upsert', leg }]);
  }

  /** Removes a leg; false when the id is unknown. */
  remove(id: number): boolean {
    if (this.findSlot(id) < 0) return false;
    this.applyPatches([{ op: 'remove', id }]);
    return true;
  }

  /** Applies notifications in order. Small batches move the sorted order per leg; large ones re-sort once. */
  applyPatches(patches: readonly TimetablePatch[]): void {
    for (const p of patches) if (p.op === 'upsert') checkLeg(p.leg);
    if (patches.length > BATCH_RESORT_THRESHOLD) {
      for (const p of patches) {
        if (p.op === 'upsert') this.write(p.leg);
        else this.release(p.id);
      }
      this.resort();
    } else {
      for (const p of patches) {
        if (p.op === 'upsert') this.upsertOne(p.leg);
        else {
          const slot = this.findSlot(p.id);
          if (slot >= 0) {
            this.orderRemove(slot);
            this.release(p.id);
          }
        }
      }
    }
    this.version++;
  }

  /** The leg with this id as it was fed, or undefined. */
  get(id: number): DatedLeg | undefined {
    const slot = this.findSlot(id);
    if (slot < 0) return undefined;
    const f = this.flags[slot]!;
    const open = this.salesOpen[slot]!;
    const close = this.salesClose[slot]!;
    return {
      ...this.view(slot),
      salesClosed: (f & F_SALES_CLOSED) !== 0,
      cancelled: (f & F_CANCELLED) !== 0,
      locked: (f & F_LOCKED) !== 0,
      salesOpenAt: open === NO_OPEN ? null : open,
      salesCloseAt: close === NO_CLOSE ? null : close,
    };
  }

  /** The leg in a slot, for answers. */
  view(slot: number): LegView {
    const a = this.acft[slot]!;
    return {
      id: this.ids[slot]!,
      carrier: this.carriers.values[this.car[slot]!]!,
      flightNumber: this.flightNumbers.values[this.fno[slot]!]!,
      origin: this.airports.values[this.org[slot]!]!,
      destination: this.airports.values[this.dst[slot]!]!,
      departure: this.dep[slot]!,
      arrival: this.arr[slot]!,
      aircraftType: a === 0 ? null : this.aircraftTypes.values[a - 1]!,
      freighter: (this.flags[slot]! & F_FREIGHTER) !== 0,
      availableKg: this.kg[slot]!,
      availableM3: this.m3[slot]!,
    };
  }

  /** Every live leg (tests, diagnostics). */
  *legs(): IterableIterator<DatedLeg> {
    for (let i = 0; i < this.count; i++) yield this.get(this.ids[this.order[i]!]!)!;
  }

  memory(): IndexMemory {
    const columns = [
      this.ids,
      this.dep,
      this.arr,
      this.org,
      this.dst,
      this.car,
      this.fno,
      this.acft,
      this.flags,
      this.kg,
      this.m3,
      this.salesOpen,
      this.salesClose,
    ];
    const columnBytes = columns.reduce((s, c) => s + c.byteLength, 0);
    const hashBytes = this.table.byteLength;
    const orderBytes = this.order.byteLength + this.orderDep.byteLength + this.pairStart.byteLength;
    const stringBytes =
      this.airports.estimateBytes() +
      this.carriers.estimateBytes() +
      this.flightNumbers.estimateBytes() +
      this.aircraftTypes.estimateBytes() +
      this.freeSlots.length * 8;
    return {
      legs: this.count,
      slotCapacity: this.capacity,
      airports: this.airports.size,
      carriers: this.carriers.size,
      columnBytes,
      hashBytes,
      orderBytes,
      stringBytes,
      totalBytes: columnBytes + hashBytes + orderBytes + stringBytes,
    };
  }

  // Lookups used by the search.

  /**
   * First position in order[lo, hi) whose departure is >= t. A pair's departures are spread evenly over the year, so
   * the search guesses the position by interpolation and gallops from there: a few cache lines instead of ~12.
   */
  lowerBound(lo: number, hi: number, t: number): number {
    const a = this.orderDep;
    if (hi - lo > 16) {
      const first = a[lo]!;
      const last = a[hi - 1]!;
      if (t <= first) return lo;
      if (t > last) return hi;
      const g = lo + Math.floor(((t - first) / (last - first + 1)) * (hi - lo));
      let step = 1;
      if (a[g]! < t) {
        let l = g + 1;
        let h = g + 1;
        while (h < hi && a[h]! < t) {
          l = h + 1;
          step *= 2;
          h = g + step;
        }
        lo = l;
        hi = Math.min(h + 1, hi);
      } else {
        let r = g;
        let h = g - 1;
        while (h >= lo && a[h]! >= t) {
          r = h;
          step *= 2;
          h = g - step;
        }
        lo = Math.max(h + 1, lo);
        hi = r;
      }
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The airports `origin` has at least one leg to. */
  destinationsFrom(origin: number): readonly number[] {
    if (this.adjacency === null) {
      const dim = this.dim;
      const lists: number[][] = [];
      for (let o = 0; o < this.airports.size; o++) {
        const list: number[] = [];
        for (let d = 0; d < this.airports.size; d++) {
          if (this.pairStart[o * dim + d + 1]! > this.pairStart[o * dim + d]!) list.push(d);
        }
        lists.push(list);
      }
      this.adjacency = lists;
    }
    return this.adjacency[origin] ?? [];
  }

  /** Slot of an id, or -1. */
  findSlot(id: number): number {
    const mask = (1 << this.tableBits) - 1;
    let i = hashId(id) >>> (32 - this.tableBits);
    for (;;) {
      const v = this.table[i]!;
      if (v === 0) return -1;
      if (this.ids[v - 1] === id) return v - 1;
      i = (i + 1) & mask;
    }
  }

  // Slots and the hash table.

  private ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const size = Math.max(1024, this.capacity * 2, n);
    this.ids = grow(this.ids, size);
    this.dep = grow(this.dep, size);
    this.arr = grow(this.arr, size);
    this.org = grow(this.org, size);
    this.dst = grow(this.dst, size);
    this.car = grow(this.car, size);
    this.fno = grow(this.fno, size);
    this.acft = grow(this.acft, size);
    this.flags = grow(this.flags, size);
    this.kg = grow(this.kg, size);
    this.m3 = grow(this.m3, size);
    this.salesOpen = grow(this.salesOpen, size);
    this.salesClose = grow(this.salesClose, size);
    this.order = grow(this.order, size);
    this.orderDep = grow(this.orderDep, size);
    this.capacity = size;
    // Keep the hash table at most half full.
    let bits = this.tableBits;
    while (1 << bits < size * 2) bits++;
    if (bits !== this.tableBits) {
      if (this.hashed) this.rehash(bits);
      else this.tableBits = bits;
    }
  }

  /** Rebuilds the table; `dedup` (after a bulk build) keeps the last slot of a repeated id and frees the others. */
  private rehash(bits: number, dedup = false): void {
    this.tableBits = bits;
    this.table = new Int32Array(1 << bits);
    const mask = (1 << bits) - 1;
    for (let s = 0; s < this.highWater; s++) {
      if ((this.flags[s]! & F_LIVE) === 0) continue;
      const id = this.ids[s]!;
      let i = hashId(id) >>> (32 - bits);
      while (this.table[i] !== 0) {
        if (dedup && this.ids[this.table[i]! - 1] === id) {
          this.flags[this.table[i]! - 1] = 0;
          this.freeSlots.push(this.table[i]! - 1);
          this.count--;
          break;
        }
        i = (i + 1) & mask;
      }
      this.table[i] = s + 1;
    }
  }

  private hashInsert(slot: number): void {
    const mask = (1 << this.tableBits) - 1;
    let i = hashId(this.ids[slot]!) >>> (32 - this.tableBits);
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = slot + 1;
  }

  /** Deletes an id from the table by backward shifting (no tombstones). */
  private hashDelete(id: number): void {
    const bits = this.tableBits;
    const mask = (1 << bits) - 1;
    let i = hashId(id) >>> (32 - bits);
    while (this.table[i] !== 0 && this.ids[this.table[i]! - 1] !== id) i = (i + 1) & mask;
    if (this.table[i] === 0) return;
    this.table[i] = 0;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const v = this.table[j]!;
      if (v === 0) return;
      const home = hashId(this.ids[v - 1]!) >>> (32 - bits);
      // Move v back into the hole unless its home lies cyclically in (i, j].
      const stays = i <= j ? home > i && home <= j : home > i || home <= j;
      if (!stays) {
        this.table[i] = v;
        this.table[j] = 0;
        i = j;
      }
    }
  }

  /** Writes a leg's columns (new slot or in place); does not touch the sorted order. Returns the slot. */
  private write(leg: DatedLeg, append = false): number {
    checkLeg(leg);
    let slot = append ? -1 : this.findSlot(leg.id);
    if (slot < 0) {
      slot = this.freeSlots.pop() ?? this.highWater;
      if (slot === this.highWater) {
        this.ensureCapacity(slot + 1);
        this.highWater++;
      }
      this.ids[slot] = leg.id;
      this.flags[slot] = F_LIVE;
      if (!append) this.hashInsert(slot);
      this.count++;
    }
    const o = this.airports.intern(leg.origin);
    const d = this.airports.intern(leg.destination);
    if (this.airports.size > MAX_AIRPORTS) throw new RangeError('too many airports for the index');
    this.org[slot] = o;
    this.dst[slot] = d;
    this.dep[slot] = leg.departure;
    this.arr[slot] = leg.arrival;
    this.car[slot] = this.carriers.intern(leg.carrier);
    this.fno[slot] = this.flightNumbers.intern(leg.flightNumber);
    this.acft[slot] = leg.aircraftType ? this.aircraftTypes.intern(leg.aircraftType) + 1 : 0;
    this.flags[slot] =
      F_LIVE |
      (leg.freighter ? F_FREIGHTER : 0) |
      (leg.salesClosed ? F_SALES_CLOSED : 0) |
      (leg.cancelled ? F_CANCELLED : 0) |
      (leg.locked ? F_LOCKED : 0);
    this.kg[slot] = leg.availableKg;
    this.m3[slot] = leg.availableM3;
    this.salesOpen[slot] = leg.salesOpenAt ?? NO_OPEN;
    this.salesClose[slot] = leg.salesCloseAt ?? NO_CLOSE;
    return slot;
  }

  /** Frees a slot (hash and columns); the caller keeps the sorted order right. */
  private release(id: number): void {
    const slot = this.findSlot(id);
    if (slot < 0) return;
    this.hashDelete(id);
    this.flags[slot] = 0;
    this.freeSlots.push(slot);
    this.count--;
  }

  private upsertOne(leg: DatedLeg): void {
    const slot = this.findSlot(leg.id);
    if (slot >= 0) {
      const o = this.airports.find(leg.origin);
      const d = this.airports.find(leg.destination);
      if (o === this.org[slot] && d === this.dst[slot] && leg.departure === this.dep[slot]) {
        this.write(leg); // same sort key: in place
        return;
      }
      this.orderRemove(slot);
    }
    const s = this.write(leg);
    if (this.airports.size > this.dim) this.redimension();
    this.orderInsert(s);
  }

  // The sorted order.

  private pairOf(slot: number): number {
    return this.org[slot]! * this.dim + this.dst[slot]!;
  }

  /** Position of a slot in its pair's block (exact match on departure, then slot). */
  private orderPosition(slot: number, exact: boolean): number {
    const p = this.pairOf(slot);
    const t = this.dep[slot]!;
    let lo = this.lowerBound(this.pairStart[p]!, this.pairStart[p + 1]!, t);
    const hi = this.pairStart[p + 1]!;
    while (lo < hi && this.orderDep[lo] === t && this.order[lo]! < slot) lo++;
    if (exact && this.order[lo] !== slot) throw new Error(`timetable index order lost slot ${slot}`);
    return lo;
  }

  private orderInsert(slot: number): void {
    const pos = this.orderPosition(slot, false);
    const n = this.liveInOrder();
    this.order.copyWithin(pos + 1, pos, n);
    this.orderDep.copyWithin(pos + 1, pos, n);
    this.order[pos] = slot;
    this.orderDep[pos] = this.dep[slot]!;
    const ps = this.pairStart;
    const pair = this.pairOf(slot);
    if (ps[pair + 1] === ps[pair]) this.adjacency = null; // a new airport pair
    for (let q = pair + 1; q < ps.length; q++) ps[q]!++;
  }

  private orderRemove(slot: number): void {
    const pos = this.orderPosition(slot, true);
    const n = this.liveInOrder();
    this.order.copyWithin(pos, pos + 1, n);
    this.orderDep.copyWithin(pos, pos + 1, n);
    const ps = this.pairStart;
    const pair = this.pairOf(slot);
    for (let q = pair + 1; q < ps.length; q++) ps[q]!--;
    if (ps[pair + 1] === ps[pair]) this.adjacency = null; // the pair's last leg went
  }

  /** Entries currently in the order array (the last pair offset). */
  private liveInOrder(): number {
    return this.pairStart[this.pairStart.length - 1]!;
  }

  /** Grows the pair table for new airports; the order (by origin, destination, departure) stays valid. */
  private redimension(): void {
    let dim = Math.max(16, this.dim);
    while (dim < this.airports.size) dim *= 2;
    this.dim = dim;
    this.countPairs();
  }

  private countPairs(): void {
    const dim = this.dim;
    const ps = new Int32Array(dim * dim + 1);
    const n = this.liveInOrder();
    for (let i = 0; i < n; i++) {
      const s = this.order[i]!;
      ps[this.org[s]! * dim + this.dst[s]! + 1]!++;
    }
    for (let q = 1; q < ps.length; q++) ps[q]! += ps[q - 1]!;
    this.pairStart = ps;
    this.adjacency = null;
  }

  /** Sorts every live slot by (pair, departure, slot) in O(n): radix sort on departure, then a stable count by pair. */
  private resort(): void {
    let dim = Math.max(16, this.dim);
    while (dim < this.airports.size) dim *= 2;
    this.dim = dim;
    const n = this.count;
    let a = new Int32Array(n);
    let k = 0;
    let minDep = INT32_MAX;
    for (let s = 0; s < this.highWater; s++) {
      if ((this.flags[s]! & F_LIVE) === 0) continue;
      a[k++] = s;
      if (this.dep[s]! < minDep) minDep = this.dep[s]!;
    }
    let b = new Int32Array(n);
    const counts = new Int32Array(65537);
    for (const shift of [0, 16]) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(((this.dep[a[i]!]! - minDep) >>> shift) & 0xffff) + 1]!++;
      for (let q = 1; q < counts.length; q++) counts[q]! += counts[q - 1]!;
      for (let i = 0; i < n; i++) {
        const s = a[i]!;
        b[counts[((this.dep[s]! - minDep) >>> shift) & 0xffff]!++] = s;
      }
      [a, b] = [b, a];
    }
    const ps = new Int32Array(dim * dim + 1);
    for (let i = 0; i < n; i++) {
      const s = a[i]!;
      ps[this.org[s]! * dim + this.dst[s]! + 1]!++;
    }
    for (let q = 1; q < ps.length; q++) ps[q]! += ps[q - 1]!;
    const cursor = ps.slice();
    const order = this.order.length >= n ? this.order : new Int32Array(this.capacity);
    for (let i = 0; i < n; i++) {
      const s = a[i]!;
      order[cursor[this.org[s]! * dim + this.dst[s]!]!++] = s;
    }
    this.order = order;
    if (this.orderDep.length < order.length) this.orderDep = new Int32Array(order.length);
    for (let i = 0; i < n; i++) this.orderDep[i] = this.dep[order[i]!]!;
    this.pairStart = ps;
    this.adjacency = null;
  }

  /** Moves the legs into sorted slot order (slot i = order[i]) so searches read memory in sequence. */
  compact(): void {
    const n = this.count;
    const size = Math.max(1024, n);
    const order = this.order;
    // Where each slot goes, then one pass per column in slot order: reads run in sequence and writes follow one cursor
    // per airport pair (its legs keep their relative order), which caches and TLBs handle far better than gathering
    // through the order. One monomorphic function per element type: a generic one turns megamorphic.
    const end = this.highWater;
    const target = new Int32Array(end).fill(-1);
    for (let i = 0; i < n; i++) target[order[i]!] = i;
    this.ids = scatterF64(this.ids, target, end, size);
    this.dep = scatterI32(this.dep, target, end, size);
    this.arr = scatterI32(this.arr, target, end, size);
    this.org = scatterU16(this.org, target, end, size);
    this.dst = scatterU16(this.dst, target, end, size);
    this.car = scatterU16(this.car, target, end, size);
    this.fno = scatterU32(this.fno, target, end, size);
    this.acft = scatterU16(this.acft, target, end, size);
    this.flags = scatterU8(this.flags, target, end, size);
    this.kg = scatterF64(this.kg, target, end, size);
    this.m3 = scatterF64(this.m3, target, end, size);
    this.salesOpen = scatterI32(this.salesOpen, target, end, size);
    this.salesClose = scatterI32(this.salesClose, target, end, size);
    this.order = new Int32Array(size);
    this.orderDep = new Int32Array(size);
    for (let i = 0; i < n; i++) {
      this.order[i] = i;
      this.orderDep[i] = this.dep[i]!;
    }
    this.capacity = size;
    this.highWater = n;
    this.freeSlots = [];
    let bits = 10;
    while (1 << bits < size * 2) bits++;
    this.rehash(bits);
    this.version++;
  }
}
