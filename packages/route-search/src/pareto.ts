/**
 * The Pareto front over (later departure, earlier arrival, fewer transfers): a route is dropped when another departs no
 * earlier, arrives no later and has no more transfers, and is better in one of them. Equal routes are all kept (they
 * differ in carrier or price). O(n log n): sort by departure descending, then one sweep keeping the earliest arrival per
 * transfer count among later departures, and a sweep within each group of equal departure.
 */
export function paretoFront(
  candidates: readonly number[],
  departure: ArrayLike<number>,
  arrival: ArrayLike<number>,
  transfers: ArrayLike<number>,
): number[] {
  const sorted = [...candidates].sort(
    (a, b) => departure[b]! - departure[a]! || arrival[a]! - arrival[b]! || transfers[a]! - transfers[b]! || a - b,
  );
  const best = [Infinity, Infinity, Infinity];
  const kept: number[] = [];
  let g = 0;
  while (g < sorted.length) {
    const dep = departure[sorted[g]!]!;
    let end = g;
    while (end < sorted.length && departure[sorted[end]!] === dep) end++;
    // Within the group: sorted by arrival then transfers.
    let minTrEarlierArrival = Infinity;
    let runArrival = Number.NaN;
    let runMinTr = Infinity;
    let runStartMin = Infinity;
    for (let i = g; i < end; i++) {
      const j = sorted[i]!;
      const a = arrival[j]!;
      const t = transfers[j]!;
      if (a !== runArrival) {
        minTrEarlierArrival = Math.min(minTrEarlierArrival, runStartMin);
        runArrival = a;
        runMinTr = t;
        runStartMin = t;
      } else {
        runStartMin = Math.min(runStartMin, t);
      }
      const dominatedInGroup = minTrEarlierArrival <= t || runMinTr < t;
      const dominatedByLater = best[t]! <= a;
      if (!dominatedInGroup && !dominatedByLater) kept.push(j);
    }
    for (let i = g; i < end; i++) {
      const j = sorted[i]!;
      for (let k = transfers[j]!; k < best.length; k++) if (arrival[j]! < best[k]!) best[k] = arrival[j]!;
    }
    g = end;
  }
  return kept;
}
