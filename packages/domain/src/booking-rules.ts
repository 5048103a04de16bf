import { CARGO_LIMITS } from './constants';

/**
 * Booking rules of seed 001 section 5 and the domain primer (section 4), pure so that the server's booking service,
 * route search and the web's forms judge a shipment the same way: the cargo limits, SHC compatibility, the HEA
 * dimensions rule, the answer a booking rule gives, and when an allotment returns to free sale.
 */

/** IATA booking answers (domain primer section 6) the platform uses. */
export const RESPONSE_STATUSES = ['KK', 'NN', 'UU', 'XX'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
/** What a booking rule may answer: confirmed, waiting for the airline, refused. */
export const RULE_ANSWERS = ['KK', 'NN', 'UU'] as const;
export type RuleAnswer = (typeof RULE_ANSWERS)[number];

/** Codes that need the pieces' dimensions before booking (seed 001 section 5). */
export const DIMENSIONS_REQUIRED_SHCS: readonly string[] = ['HEA'];

/**
 * Codes that must not travel together (segregation), as data: a pair [a, b] where a code ending in `*` covers every
 * code with that prefix (PER* = PER, PEF, PEM, PES, PEP ...).
 */
export const INCOMPATIBLE_SHC_PAIRS: readonly (readonly [string, string])[] = [
  ['AVI', 'RRY'],
  ['AVI', 'RRW'],
  ['AVI', 'ICE'],
  ['HUM', 'AVI'],
  ['HUM', 'PE*'],
  ['PE*', 'RRY'],
  ['PE*', 'RRW'],
];

const covers = (pattern: string, code: string) =>
  pattern.endsWith('*') ? code.startsWith(pattern.slice(0, -1)) : pattern === code;

/** The pairs of the given codes that must not travel together, each as [a, b] in the order given. */
export function incompatibleShcs(
  shcs: readonly string[],
  pairs: readonly (readonly [string, string])[] = INCOMPATIBLE_SHC_PAIRS,
): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < shcs.length; i++) {
    for (let j = i + 1; j < shcs.length; j++) {
      const a = shcs[i] as string;
      const b = shcs[j] as string;
      if (pairs.some(([x, y]) => (covers(x, a) && covers(y, b)) || (covers(x, b) && covers(y, a)))) out.push([a, b]);
    }
  }
  return out;
}

/** The codes of a shipment that need dimensions when none are given. */
export function shcsNeedingDimensions(shcs: readonly string[], hasDimensions: boolean): string[] {
  return hasDimensions ? [] : shcs.filter((c) => DIMENSIONS_REQUIRED_SHCS.includes(c));
}

/**
 * The codes an airline does not take for booking: when the airline lists the codes it accepts, every other code;
 * GEN and the e-AWB codes are always taken (they describe the paperwork, not the goods).
 */
export function forbiddenShcs(shcs: readonly string[], accepted: readonly string[] | null): string[] {
  if (!accepted || accepted.length === 0) return [];
  const always = ['GEN', 'EAW', 'EAP', 'ECC'];
  return shcs.filter((c) => !always.includes(c) && !accepted.includes(c));
}

export type CargoLimitBreach = 'averagePieceVolume' | 'averagePieceWeight' | 'weight' | 'volume';

/** Which cargo limits of seed 001 section 9 a shipment breaks (kg and m3). */
export function cargoLimitBreaches(cargo: { pieces: number; weight: number; volume: number }): {
  limit: CargoLimitBreach;
  max: number;
}[] {
  const out: { limit: CargoLimitBreach; max: number }[] = [];
  const pieces = Math.max(1, cargo.pieces);
  if (cargo.volume / pieces > CARGO_LIMITS.averagePieceVolume)
    out.push({ limit: 'averagePieceVolume', max: CARGO_LIMITS.averagePieceVolume });
  if (cargo.weight / pieces > CARGO_LIMITS.averagePieceWeight)
    out.push({ limit: 'averagePieceWeight', max: CARGO_LIMITS.averagePieceWeight });
  if (cargo.weight > CARGO_LIMITS.weight) out.push({ limit: 'weight', max: CARGO_LIMITS.weight });
  if (cargo.volume > CARGO_LIMITS.volume) out.push({ limit: 'volume', max: CARGO_LIMITS.volume });
  return out;
}

/** A booking rule as the matcher sees it; null bounds and empty lists match anything. */
export interface BookingRuleInput {
  id: number;
  origin: string | null;
  destination: string | null;
  segmentId: number | null;
  shcs: readonly string[];
  minPercent: number | null;
  maxPercent: number | null;
  minWeight: number | null;
  maxWeight: number | null;
  minVolume: number | null;
  maxVolume: number | null;
  responseStatus: RuleAnswer;
}

export interface RuleShipment {
  segmentId: number;
  origin: string;
  destination: string;
  shcs: readonly string[];
  weight: number;
  volume: number;
  /** The segment's weight load in percent after this booking (null without capacity). */
  loadPercent: number | null;
}

const within = (value: number, min: number | null, max: number | null) =>
  (min === null || value >= min) && (max === null || value <= max);

export function ruleMatches(rule: BookingRuleInput, s: RuleShipment): boolean {
  if (rule.origin !== null && rule.origin !== s.origin) return false;
  if (rule.destination !== null && rule.destination !== s.destination) return false;
  if (rule.segmentId !== null && rule.segmentId !== s.segmentId) return false;
  if (rule.shcs.length > 0 && !rule.shcs.some((c) => s.shcs.includes(c))) return false;
  if (rule.minPercent !== null || rule.maxPercent !== null) {
    if (s.loadPercent === null || !within(s.loadPercent, rule.minPercent, rule.maxPercent)) return false;
  }
  return within(s.weight, rule.minWeight, rule.maxWeight) && within(s.volume, rule.minVolume, rule.maxVolume);
}

const SEVERITY: Record<RuleAnswer, number> = { KK: 0, NN: 1, UU: 2 };

/**
 * The answer the airline's rules give a shipment on a segment: among the matching rules the strictest (UU over NN
 * over KK, then the lowest id); confirmed (KK) when none matches.
 */
export function ruleAnswer(
  rules: readonly BookingRuleInput[],
  s: RuleShipment,
): { responseStatus: RuleAnswer; ruleId: number | null } {
  let best: BookingRuleInput | null = null;
  for (const r of rules) {
    if (!ruleMatches(r, s)) continue;
    if (
      best === null ||
      SEVERITY[r.responseStatus] > SEVERITY[best.responseStatus] ||
      (SEVERITY[r.responseStatus] === SEVERITY[best.responseStatus] && r.id < best.id)
    )
      best = r;
  }
  return best ? { responseStatus: best.responseStatus, ruleId: best.id } : { responseStatus: 'KK', ruleId: null };
}

/** The strictest of several answers (one per segment of a booking). */
export function strictestAnswer(answers: readonly RuleAnswer[]): RuleAnswer {
  return answers.reduce<RuleAnswer>((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a), 'KK');
}

/**
 * When an allotment returns to free sale: `timelimitToStd` hours before the segment's STD; 0 is a full block that never
 * returns (null). Computed from the STD at read and booking time, so every process agrees without a timer.
 */
export function allotmentReleaseAt(std: Date, timelimitToStd: number): Date | null {
  if (timelimitToStd <= 0) return null;
  return new Date(std.getTime() - timelimitToStd * 3_600_000);
}

export function allotmentReleased(std: Date, timelimitToStd: number, now: Date): boolean {
  const at = allotmentReleaseAt(std, timelimitToStd);
  return at !== null && now.getTime() >= at.getTime();
}

/** Capacity with the airline's overflow tolerance: capacity × (1 + percent / 100), to three decimals. */
export function withTolerance(capacity: number, percent: number): number {
  return Math.round(capacity * (1 + Math.max(0, percent) / 100) * 1000) / 1000;
}
