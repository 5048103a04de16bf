/** Charge lines of FWB and FHL: CVD, RTD (rate description), OTH, PPD/COL and CDC. */
import { z } from 'zod';
import type { Issues } from '../issues';
import { append } from '../text';
import { dimension, fmtDimension } from './blocks';
import { fmtNum, fmtVolume, fmtWeight, int, joinEls, num, volume, weight } from './elements';
import { colAt, type Group, joined, joinedAt, type Line, tail } from './lines';
import {
  AirportSchema,
  AmountSchema,
  CountrySchema,
  DimensionSchema,
  text,
  UldIdSchema,
  VolumeSchema,
  WeightSchema,
} from './schemas';

const PC = z.enum(['P', 'C']);

export const ChargeDeclarationSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Charge code (PP, CC, PX, ...); FWB only. */
  chargeCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Prepaid or collect weight and valuation charges. */
  weightValuation: PC,
  /** Prepaid or collect other charges. */
  other: PC,
  /** Declared value for carriage; absent = NVD. */
  carriageValue: AmountSchema.optional(),
  /** Declared value for customs; absent = NCV. */
  customsValue: AmountSchema.optional(),
  /** Amount of insurance; absent = XXX. */
  insurance: AmountSchema.optional(),
});
export type ChargeDeclaration = z.infer<typeof ChargeDeclarationSchema>;

const AMOUNT_RE = /^\d{1,12}(?:\.\d+)?$/;

export function readCvd(group: Group, issues: Issues): ChargeDeclaration {
  const els = joined(group).map((e) => e.trim());
  const head = group.lines[0] as Line;
  const hasCode = els.length >= 6;
  const pc = (hasCode ? els[2] : els[1]) ?? '';
  const d: ChargeDeclaration = { currency: els[0] ?? '', weightValuation: 'P', other: 'P' };
  if (!/^[A-Z]{3}$/.test(d.currency)) issues.error(head.no, colAt(head, 1), 'BAD_CODE', 'CVD currency code missing');
  if (hasCode && els[1]) d.chargeCode = els[1];
  if (/^[PC][PC]$/.test(pc)) {
    d.weightValuation = pc[0] === 'C' ? 'C' : 'P';
    d.other = pc[1] === 'C' ? 'C' : 'P';
  } else {
    const at = joinedAt(group, hasCode ? 2 : 1);
    issues.error(at.line.no, at.col, 'BAD_CODE', `Prepaid/collect indicators not understood: ${pc}`);
  }
  const values = els.slice(hasCode ? 3 : 2);
  const field = (k: number, none: string): string | undefined => {
    const v = values[k] ?? none;
    if (v === none || v === '') return undefined;
    if (!AMOUNT_RE.test(v)) {
      const at = joinedAt(group, (hasCode ? 3 : 2) + k);
      issues.error(at.line.no, at.col, 'BAD_NUMBER', `Expected ${none} or an amount: ${v}`);
      return undefined;
    }
    return v;
  };
  const carriage = field(0, 'NVD');
  if (carriage !== undefined) d.carriageValue = carriage;
  const customs = field(1, 'NCV');
  if (customs !== undefined) d.customsValue = customs;
  const insurance = field(2, 'XXX');
  if (insurance !== undefined) d.insurance = insurance;
  return d;
}

export function writeCvd(d: ChargeDeclaration, withChargeCode: boolean): string {
  const els = [d.currency];
  if (withChargeCode) els.push(d.chargeCode ?? '');
  els.push(`${d.weightValuation}${d.other}`, d.carriageValue ?? 'NVD', d.customsValue ?? 'NCV', d.insurance ?? 'XXX');
  return `CVD/${els.join('/')}`;
}

export const GoodsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('NG'), text: text(20) }),
  z.object({ kind: z.literal('NC'), text: text(20) }),
  z.object({ kind: z.literal('ND'), dimension: DimensionSchema }),
  z.object({ kind: z.literal('NV'), volume: VolumeSchema }),
  z.object({ kind: z.literal('NU'), uld: UldIdSchema }),
  z.object({ kind: z.literal('NS'), slac: z.number().int().min(0).max(99999) }),
  z.object({ kind: z.literal('NH'), hsCode: z.string().regex(/^[A-Z0-9]{6,18}$/) }),
  z.object({ kind: z.literal('NO'), country: CountrySchema }),
]);
export type Goods = z.infer<typeof GoodsSchema>;

export const RateLineSchema = z.object({
  lineNo: z.number().int().min(1).max(99),
  pieces: z.number().int().min(0).max(9999).optional(),
  /** Rate combination point, in place of pieces. */
  rcp: AirportSchema.optional(),
  weight: WeightSchema.optional(),
  rateClass: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
  /** Commodity item number, ULD rate class type or class-rate basis and percentage. */
  commodityItem: z
    .string()
    .regex(/^[A-Z0-9]{1,7}$/)
    .optional(),
  chargeableWeight: z.number().nonnegative().optional(),
  rate: AmountSchema.optional(),
  total: AmountSchema.optional(),
  goods: z.array(GoodsSchema).min(1).optional(),
});
export type RateLine = z.infer<typeof RateLineSchema>;

const GOODS_ID = /^N[GCDVUSHO]$/;

function goods(kind: string, args: string[], line: Line, at: number, issues: Issues): Goods | undefined {
  const a0 = (args[0] ?? '').trim();
  const bad = (what: string): undefined => {
    issues.error(line.no, colAt(line, at + 1), 'BAD_ELEMENT', `${kind} ${what}: ${a0}`);
    return undefined;
  };
  switch (kind) {
    case 'NG':
    case 'NC': {
      const t = args.join('/').trim();
      if (t.length > 20)
        issues.warn(line.no, colAt(line, at + 1), 'BAD_ELEMENT', 'Goods description over 20 characters');
      return t === '' ? bad('text missing') : { kind, text: t };
    }
    case 'ND':
      return { kind, dimension: dimension(args, line, at + 1, issues) };
    case 'NV': {
      const v = volume(a0);
      return v ? { kind, volume: v } : bad('volume not understood');
    }
    case 'NU':
      return /^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2}$/.test(a0) ? { kind, uld: a0 } : bad('ULD not understood');
    case 'NS': {
      const n = int(a0);
      return n === undefined ? bad('SLAC not a number') : { kind, slac: n };
    }
    case 'NH':
      return a0 ? { kind, hsCode: a0 } : bad('HS code missing');
    default:
      return a0 ? { kind: 'NO', country: a0 } : bad('country missing');
  }
}

function fmtGoods(g: Goods): string {
  switch (g.kind) {
    case 'NG':
    case 'NC':
      return `${g.kind}/${g.text}`;
    case 'ND':
      return joinEls('ND', fmtDimension(g.dimension));
    case 'NV':
      return `NV/${fmtVolume(g.volume)}`;
    case 'NU':
      return `NU/${g.uld}`;
    case 'NS':
      return `NS/${g.slac}`;
    case 'NH':
      return `NH/${g.hsCode}`;
    case 'NO':
      return `NO/${g.country}`;
  }
}

function rating(line: RateLine, el: string, src: Line, at: number, issues: Issues): void {
  const head = el[0];
  const rest = el.slice(1);
  const w = weight(el);
  if (w) line.weight = w;
  else if (head === 'P' && /^\d{1,4}$/.test(rest)) line.pieces = Number(rest);
  else if (head === 'P' && /^[A-Z]{3}$/.test(rest)) line.rcp = rest;
  else if (head === 'C' && /^[A-Z]$/.test(rest)) line.rateClass = rest;
  else if (head === 'S' && rest !== '') line.commodityItem = rest;
  else if (head === 'W' && num(rest) !== undefined) line.chargeableWeight = Number(rest);
  else if (head === 'R' && AMOUNT_RE.test(rest)) line.rate = rest;
  else if (head === 'T' && AMOUNT_RE.test(rest)) line.total = rest;
  else issues.warn(src.no, colAt(src, at), 'BAD_ELEMENT', `Rate element not understood: ${el}`);
}

/** RTD group: `RTD/1/P4/K245/CQ/W245/R3/T735`, `/NG/...`, `/2/NG/...`, `/3/ND//NDA`. */
export function readRtd(group: Group, issues: Issues): RateLine[] {
  const out: RateLine[] = [];
  let current: RateLine | undefined;
  for (const line of group.lines) {
    const els = tail(line);
    let i = 0;
    const first = (els[0] ?? '').trim();
    if (/^\d{1,2}$/.test(first)) {
      current = { lineNo: Number(first) };
      out.push(current);
      i = 1;
    } else if (!current) {
      issues.warn(line.no, colAt(line, 1), 'MISSING_ELEMENT', 'Rate description line number missing; 1 assumed');
      current = { lineNo: out.length + 1 };
      out.push(current);
    }
    for (; i < els.length; i++) {
      const el = (els[i] ?? '').trim();
      if (el === '') continue;
      if (GOODS_ID.test(el)) {
        const g = goods(el, els.slice(i + 1), line, i + 1, issues);
        if (g) append(current, 'goods', g);
        break;
      }
      rating(current, el, line, i + 1, issues);
    }
  }
  return out;
}

function ratingEls(r: RateLine): string[] {
  const els: string[] = [];
  if (r.pieces !== undefined) els.push(`P${r.pieces}`);
  else if (r.rcp !== undefined) els.push(`P${r.rcp}`);
  if (r.weight) els.push(fmtWeight(r.weight));
  if (r.rateClass !== undefined) els.push(`C${r.rateClass}`);
  if (r.commodityItem !== undefined) els.push(`S${r.commodityItem}`);
  if (r.chargeableWeight !== undefined) els.push(`W${fmtNum(r.chargeableWeight)}`);
  if (r.rate !== undefined) els.push(`R${r.rate}`);
  if (r.total !== undefined) els.push(`T${r.total}`);
  return els;
}

export function writeRtd(lines: readonly RateLine[]): string[] {
  const out: string[] = [];
  for (const r of lines) {
    const rt = ratingEls(r);
    const goodsLines = (r.goods ?? []).map(fmtGoods);
    let numbered = `/${r.lineNo}`;
    if (rt.length > 0) numbered += `/${rt.join('/')}`;
    else if (goodsLines.length > 0) numbered += `/${goodsLines.shift()}`;
    out.push(numbered);
    for (const g of goodsLines) out.push(`/${g}`);
  }
  if (out.length > 0) out[0] = `RTD${out[0]}`;
  return out;
}

export const OtherChargeSchema = z.object({
  /** P prepaid or C collect. */
  pc: PC,
  code: z.string().regex(/^[A-Z0-9]{2}$/),
  /** A due agent or C due carrier. */
  entitlement: z.enum(['A', 'C']),
  amount: AmountSchema,
});
export type OtherCharge = z.infer<typeof OtherChargeSchema>;

const OTH_ITEM = /([A-Z0-9]{2})([AC])(\d{1,12}(?:\.\d+)?)/y;

/** OTH/P/MYC196 (items may be packed: SOC2779.5CGC168MYC26703), `/P/...` continuation lines. */
export function readOth(group: Group, issues: Issues): OtherCharge[] {
  const out: OtherCharge[] = [];
  for (const line of group.lines) {
    const els = tail(line);
    const pc = (els[0] ?? '').trim();
    if (pc !== 'P' && pc !== 'C') {
      issues.error(line.no, colAt(line, 1), 'BAD_CODE', `Prepaid/collect indicator expected: ${pc}`);
      continue;
    }
    for (let i = 1; i < els.length; i++) {
      const s = (els[i] ?? '').trim();
      OTH_ITEM.lastIndex = 0;
      while (OTH_ITEM.lastIndex < s.length) {
        const from = OTH_ITEM.lastIndex;
        const m = OTH_ITEM.exec(s);
        if (!m) {
          issues.error(
            line.no,
            colAt(line, i + 1) + from,
            'BAD_ELEMENT',
            `Other charge not understood: ${s.slice(from)}`,
          );
          break;
        }
        out.push({ pc, code: m[1] ?? '', entitlement: m[2] === 'A' ? 'A' : 'C', amount: m[3] ?? '' });
      }
    }
  }
  return out;
}

export function writeOth(items: readonly OtherCharge[]): string[] {
  const out: string[] = [];
  let k = 0;
  while (k < items.length) {
    const pc = (items[k] as OtherCharge).pc;
    let s = '';
    let n = 0;
    while (k < items.length && n < 3 && (items[k] as OtherCharge).pc === pc) {
      const it = items[k] as OtherCharge;
      s += `${it.code}${it.entitlement}${it.amount}`;
      k++;
      n++;
    }
    out.push(`${out.length === 0 ? 'OTH' : ''}/${pc}/${s}`);
  }
  return out;
}

export const ChargeSummarySchema = z.object({
  weight: AmountSchema.optional(),
  valuation: AmountSchema.optional(),
  taxes: AmountSchema.optional(),
  dueAgent: AmountSchema.optional(),
  dueCarrier: AmountSchema.optional(),
  total: AmountSchema.optional(),
});
export type ChargeSummary = z.infer<typeof ChargeSummarySchema>;

const SUMMARY_KEYS = {
  WT: 'weight',
  VC: 'valuation',
  TX: 'taxes',
  OA: 'dueAgent',
  OC: 'dueCarrier',
  CT: 'total',
} as const;

/** PPD or COL: WT, VC, TX on the first line, OA, OC, CT on the second. */
export function readSummary(group: Group, issues: Issues): ChargeSummary {
  const s: ChargeSummary = {};
  const els = joined(group);
  els.forEach((raw, i) => {
    const e = raw.trim();
    if (e === '') return;
    const key = SUMMARY_KEYS[e.slice(0, 2) as keyof typeof SUMMARY_KEYS];
    const amount = e.slice(2);
    if (key === undefined || !AMOUNT_RE.test(amount)) {
      const at = joinedAt(group, i);
      issues.error(at.line.no, at.col, 'BAD_ELEMENT', `Charge summary element not understood: ${e}`);
      return;
    }
    s[key] = amount;
  });
  return s;
}

export function writeSummary(id: string, s: ChargeSummary): string[] {
  const a: string[] = [];
  const b: string[] = [];
  if (s.weight !== undefined) a.push(`WT${s.weight}`);
  if (s.valuation !== undefined) a.push(`VC${s.valuation}`);
  if (s.taxes !== undefined) a.push(`TX${s.taxes}`);
  if (s.dueAgent !== undefined) b.push(`OA${s.dueAgent}`);
  if (s.dueCarrier !== undefined) b.push(`OC${s.dueCarrier}`);
  if (s.total !== undefined) b.push(`CT${s.total}`);
  const out = [a.length > 0 ? `${id}/${a.join('/')}` : id];
  if (b.length > 0) out.push(`/${b.join('/')}`);
  return out;
}

export const DestinationCurrencySchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  rate: AmountSchema,
  ccCharges: AmountSchema.optional(),
  chargesAtDestination: AmountSchema.optional(),
  totalCollect: AmountSchema.optional(),
});
export type DestinationCurrency = z.infer<typeof DestinationCurrencySchema>;

/** CDC/EUR1.2345/120.00/10.00/130.00 */
export function readCdc(group: Group, issues: Issues): DestinationCurrency {
  const els = joined(group).map((e) => e.trim());
  const head = group.lines[0] as Line;
  const first = els[0] ?? '';
  const d: DestinationCurrency = { currency: first.slice(0, 3), rate: first.slice(3) };
  if (!/^[A-Z]{3}$/.test(d.currency) || !AMOUNT_RE.test(d.rate)) {
    issues.error(head.no, colAt(head, 1), 'BAD_ELEMENT', `Currency and rate of exchange not understood: ${first}`);
  }
  if (els[1]) d.ccCharges = els[1];
  if (els[2]) d.chargesAtDestination = els[2];
  if (els[3]) d.totalCollect = els[3];
  return d;
}

export function writeCdc(d: DestinationCurrency): string {
  return joinEls('CDC', [`${d.currency}${d.rate}`, d.ccCharges, d.chargesAtDestination, d.totalCollect]);
}
