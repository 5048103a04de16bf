/** The conditions a tariff, charge or surcharge puts on a shipment, and the words for the one that failed. */
import type { CompiledConditions, CompiledTariff } from './compile';
import type { ExclusionCondition, Level } from './types';

/** Facts of one shipment the conditions are tested against. */
export interface Context {
  origin: string;
  destination: string;
  date: string;
  dateN: number;
  via: readonly string[];
  company: string | null;
  channel: string | null;
  product: string | null;
  groups: readonly string[];
  shcs: readonly string[];
  level: Level;
  originKeys: readonly string[];
  destinationKeys: readonly string[];
}

export function routingFails(c: CompiledConditions, ctx: Context): boolean {
  if (c.nonStop && ctx.via.length > 0) return true;
  const t = c.transfers;
  if (t === null) return false;
  if (t.length !== ctx.via.length) return true;
  for (let i = 0; i < t.length; i++) if (t[i] !== ctx.via[i]) return true;
  return false;
}

export function companyFails(c: CompiledConditions, ctx: Context): boolean {
  if (c.companies !== null && (ctx.company === null || !c.companies.has(ctx.company))) return true;
  return c.excluded !== null && ctx.company !== null && c.excluded.has(ctx.company);
}

export const productFails = (c: CompiledConditions, ctx: Context) =>
  c.products !== null && (ctx.product === null || !c.products.has(ctx.product));
export const groupFails = (c: CompiledConditions, ctx: Context) =>
  c.groups !== null && !intersects(c.groups, ctx.groups);
export const channelFails = (c: CompiledConditions, ctx: Context) =>
  c.salesChannel !== null && c.salesChannel !== ctx.channel;

/** The first condition (after the route, which the index settles) a record fails for this shipment, or null. */
export function failedCondition(c: CompiledConditions, ctx: Context): ExclusionCondition | null {
  if ((c.nonStop || c.transfers !== null) && routingFails(c, ctx)) return 'routing';
  if (ctx.dateN < c.fromN) return 'not_yet_effective';
  if (ctx.dateN > c.toN) return 'expired';
  if ((c.companies !== null || c.excluded !== null) && companyFails(c, ctx)) return 'company';
  if (channelFails(c, ctx)) return 'sales_channel';
  if (productFails(c, ctx)) return 'product';
  if (groupFails(c, ctx)) return 'group';
  return null;
}

/** Fewer failed conditions; then the first failure later in ORDER; then the smaller id. */
export function nearer(
  failed: ExclusionCondition[],
  t: CompiledTariff,
  other: ExclusionCondition[],
  otherT: CompiledTariff,
): boolean {
  if (failed.length !== other.length) return failed.length < other.length;
  const first = ORDER.indexOf(failed[0] as ExclusionCondition);
  const otherFirst = ORDER.indexOf(other[0] as ExclusionCondition);
  if (first !== otherFirst) return first > otherFirst;
  return t.id < otherT.id;
}

export const ORDER: readonly ExclusionCondition[] = [
  'carrier',
  'route',
  'routing',
  'not_yet_effective',
  'expired',
  'company',
  'sales_channel',
  'product',
  'group',
  'level',
];

/** Every condition a record fails (route excepted), in ORDER. */
export function allFailed(c: CompiledConditions, ctx: Context): ExclusionCondition[] {
  const failed: ExclusionCondition[] = [];
  if (routingFails(c, ctx)) failed.push('routing');
  if (ctx.dateN < c.fromN) failed.push('not_yet_effective');
  if (ctx.dateN > c.toN) failed.push('expired');
  if (companyFails(c, ctx)) failed.push('company');
  if (channelFails(c, ctx)) failed.push('sales_channel');
  if (productFails(c, ctx)) failed.push('product');
  if (groupFails(c, ctx)) failed.push('group');
  return failed;
}

export function placeText(p: CompiledConditions['origin']): string {
  return p ? `${p.kind} ${p.code}` : 'anywhere';
}

export function describe(condition: ExclusionCondition, tariff: CompiledTariff, ctx: Context): string {
  const t = tariff.cond;
  const name = `Tariff ${t.id}`;
  switch (condition) {
    case 'route':
      return `No tariff of ${t.airline} covers ${ctx.origin} to ${ctx.destination}; the nearest, ${t.id}, covers ${placeText(t.origin)} to ${placeText(t.destination)}`;
    case 'routing':
      return t.nonStop
        ? `${name} is for non-stop carriage only`
        : `${name} is for carriage via ${(t.transfers ?? []).join(', ')}`;
    case 'not_yet_effective':
      return `${name} is effective from ${t.from}, after ${ctx.date}`;
    case 'expired':
      return `${name} expired on ${t.to}, before ${ctx.date}`;
    case 'company':
      return `${name} is not offered to this company`;
    case 'sales_channel':
      return `${name} is for sales channel ${t.salesChannel}`;
    case 'product':
      return `${name} is for products ${[...(t.products ?? [])].join(', ')}`;
    case 'group':
      return `${name} is for commodity groups ${[...(t.groups ?? [])].join(', ')}`;
    case 'level':
      return tariff.level === 'second' && ctx.level !== 'second'
        ? `${name} is a second-level tariff`
        : `${name} has no normal rate at level ${ctx.level}`;
    default:
      return `${name} does not apply`;
  }
}

export function intersects(a: ReadonlySet<string>, b: readonly string[]): boolean {
  for (let i = 0; i < b.length; i++) if (a.has(b[i] as string)) return true;
  return false;
}
