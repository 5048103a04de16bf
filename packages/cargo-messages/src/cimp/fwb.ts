/** FWB — air waybill data (versions 16 and 17; older versions read tolerantly). */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import {
  readAgent,
  readOci,
  readParty,
  readReference,
  readSri,
  readText,
  writeAgent,
  writeOci,
  writeParty,
  writeReference,
  writeSri,
  writeText,
} from './blocks';
import {
  ChargeDeclarationSchema,
  ChargeSummarySchema,
  DestinationCurrencySchema,
  OtherChargeSchema,
  RateLineSchema,
  readCdc,
  readCvd,
  readOth,
  readRtd,
  readSummary,
  writeCdc,
  writeCvd,
  writeOth,
  writeRtd,
  writeSummary,
} from './charges';
import { checkDate, consignment, fmtConsignment, isAirport, joinEls, shcInto } from './elements';
import { colAt, type Group, groupLines, joined, joinedAt, type Line, mergeParts, prepare, tail } from './lines';
import {
  AgentSchema,
  AirportSchema,
  AwbNumberSchema,
  CarrierSchema,
  cimpBase,
  DateYearSchema,
  freeText,
  OciSchema,
  PartySchema,
  ReferenceSchema,
  ShcListSchema,
  ShipmentReferenceSchema,
  text,
  VolumeSchema,
  WeightSchema,
} from './schemas';
import { checkAgent, checkCharges, type SummaryCheck } from './semantic';
import { fitUnits, type GenerateOptions, render, sanitize, splitMethod2, type Unit } from './writer';

export const FWB_VERSIONS = [16, 17] as const;

export const FwbSchema = z.object({
  type: z.literal('FWB'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  awb: AwbNumberSchema,
  origin: AirportSchema,
  destination: AirportSchema,
  pieces: z.number().int().min(0).max(9999),
  weight: WeightSchema,
  volume: VolumeSchema.optional(),
  densityGroup: z.number().int().min(0).max(99).optional(),
  /** FLT: booked flights with day of month. */
  flights: z
    .array(
      z.object({
        carrier: CarrierSchema,
        number: z.string().regex(/^\d{1,4}[A-Z]?$/),
        day: z.string().regex(/^(0[1-9]|[12]\d|3[01])$/),
      }),
    )
    .min(1)
    .optional(),
  /** RTG: destination airport and carrier of each sector. */
  routing: z.array(z.object({ airport: AirportSchema, carrier: CarrierSchema })).min(1),
  shipper: PartySchema,
  consignee: PartySchema,
  agent: AgentSchema.optional(),
  ssr: z.array(freeText(65)).min(1).optional(),
  notify: PartySchema.optional(),
  accounting: z
    .array(z.object({ identifier: z.string().regex(/^[A-Z]{3}$/), text: text(34) }))
    .min(1)
    .optional(),
  charges: ChargeDeclarationSchema,
  rates: z.array(RateLineSchema).min(1),
  otherCharges: z.array(OtherChargeSchema).min(1).optional(),
  prepaid: ChargeSummarySchema.optional(),
  collect: ChargeSummarySchema.optional(),
  /** CER: shipper's certification signature. */
  certification: text(20).optional(),
  /** ISU: carrier's execution. */
  issue: z.object({ date: DateYearSchema, place: text(17), signature: text(20).optional() }),
  osi: z.array(freeText(65)).min(1).optional(),
  destinationCurrency: DestinationCurrencySchema.optional(),
  reference: ReferenceSchema.optional(),
  customsOrigin: z
    .string()
    .regex(/^[A-Z0-9]{1,2}$/)
    .optional(),
  shc: ShcListSchema.optional(),
  shipmentReference: ShipmentReferenceSchema.optional(),
  oci: z.array(OciSchema).min(1).optional(),
});
export type Fwb = z.infer<typeof FwbSchema>;

/** Lines kept verbatim in `raw`: COI, SII, ARD, NOM, OPI and anything unknown. */
const RAW_IDS = new Set(['COI', 'SII', 'ARD', 'NOM', 'OPI']);

function emptyParty() {
  return { name: [], address: [], place: '' };
}

export function emptyFwb(version = 17): Fwb {
  return {
    type: 'FWB',
    version,
    awb: '',
    origin: '',
    destination: '',
    pieces: 0,
    weight: { unit: 'K', value: 0 },
    routing: [],
    shipper: emptyParty(),
    consignee: emptyParty(),
    charges: { currency: '', weightValuation: 'P', other: 'P' },
    rates: [],
    issue: { date: '', place: '' },
  };
}

function rawLines(msg: { raw?: string[] }, g: Group): void {
  if (!msg.raw) msg.raw = [];
  const raw = msg.raw;
  for (const l of g.lines) raw.push(l.text);
}

function readFlt(g: Group, issues: Issues): NonNullable<Fwb['flights']> {
  const els = joined(g);
  const out: NonNullable<Fwb['flights']> = [];
  for (let i = 0; i < els.length; i += 2) {
    const f = (els[i] ?? '').trim();
    const day = (els[i + 1] ?? '').trim();
    const m = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4}[A-Z]?)$/.exec(f);
    if (!m || !/^\d{2}$/.test(day)) {
      const at = joinedAt(g, i);
      issues.error(at.line.no, at.col, 'BAD_ELEMENT', `Flight and day expected: ${f}/${day}`);
      continue;
    }
    out.push({ carrier: m[1] ?? '', number: m[2] ?? '', day });
  }
  return out;
}

function readRtg(g: Group, issues: Issues): Fwb['routing'] {
  const out: Fwb['routing'] = [];
  joined(g).forEach((raw, i) => {
    const e = raw.trim();
    if (e === '') return;
    if (!/^[A-Z]{3}[A-Z0-9]{2}$/.test(e)) {
      const at = joinedAt(g, i);
      issues.error(at.line.no, at.col, 'BAD_ELEMENT', `Routing needs airport and carrier: ${e}`);
      return;
    }
    out.push({ airport: e.slice(0, 3), carrier: e.slice(3) });
  });
  return out;
}

export function parseFwb(text: string, options: ParseOptions = {}): ParseResult<Fwb> {
  const issues = new Issues(options);
  const msg = emptyFwb();
  const prep = prepare(text, ['FWB'], issues, FWB_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 17;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', 'FWB version missing; 17 assumed');
  const body = mergeParts(prep.body, 'FWB', issues);
  const groups = groupLines(body, issues);
  const first = groups[0];
  let start = 0;
  if (first && first.id === '') {
    start = 1;
    const line = first.lines[0] as Line;
    const c = consignment(line, issues, { quantity: 'required', airports: 'required' });
    if (c) {
      msg.awb = c.awb;
      msg.origin = c.origin ?? '';
      msg.destination = c.destination ?? '';
      if (c.quantity) {
        msg.pieces = c.quantity.pieces;
        if (c.quantity.code !== 'T') issues.warn(line.no, colAt(line, 1), 'BAD_CODE', 'FWB quantity code must be T');
        if (c.quantity.weight) msg.weight = c.quantity.weight;
        else issues.error(line.no, colAt(line, 1), 'MISSING_ELEMENT', 'Gross weight missing');
        if (c.quantity.volume) msg.volume = c.quantity.volume;
        if (c.quantity.densityGroup !== undefined) msg.densityGroup = c.quantity.densityGroup;
      }
    }
    for (const extra of first.lines.slice(1)) rawLines(msg, { id: '', lines: [extra] });
  } else {
    const at = first?.lines[0];
    issues.error(at?.no ?? prep.smiLine.no + 1, 1, 'MISSING_LINE', 'AWB consignment line missing');
  }
  const seen = new Set<string>();
  const summaries: SummaryCheck[] = [];
  for (let i = start; i < groups.length; i++) {
    const g = groups[i] as Group;
    const head = g.lines[0] as Line;
    seen.add(g.id);
    switch (g.id) {
      case 'FLT': {
        const f = readFlt(g, issues);
        if (f.length > 0) msg.flights = f;
        break;
      }
      case 'RTG':
        msg.routing = readRtg(g, issues);
        break;
      case 'SHP':
      case 'CNE':
      case 'NFY': {
        const r = readParty(groups, i, issues);
        if (g.id === 'SHP') msg.shipper = r.party;
        else if (g.id === 'CNE') msg.consignee = r.party;
        else msg.notify = r.party;
        i = r.next - 1;
        break;
      }
      case 'AGT':
        msg.agent = readAgent(g);
        checkAgent(msg.agent, g, issues);
        break;
      case 'SSR':
      case 'OSI': {
        const t = readText(g);
        if (t.length > 0) msg[g.id === 'SSR' ? 'ssr' : 'osi'] = t;
        break;
      }
      case 'ACC':
        for (const l of g.lines) {
          const els = tail(l);
          const identifier = (els[0] ?? '').trim();
          const t = els.slice(1).join('/').trim();
          if (identifier === '' && t === '') continue;
          append(msg, 'accounting', { identifier, text: t });
        }
        break;
      case 'CVD':
        msg.charges = readCvd(g, issues);
        break;
      case 'RTD':
        msg.rates.push(...readRtd(g, issues));
        break;
      case 'OTH': {
        const o = readOth(g, issues);
        if (o.length > 0) append(msg, 'otherCharges', ...o);
        break;
      }
      case 'PPD':
        msg.prepaid = readSummary(g, issues);
        summaries.push({ summary: msg.prepaid, group: g, pc: 'P' });
        break;
      case 'COL':
        msg.collect = readSummary(g, issues);
        summaries.push({ summary: msg.collect, group: g, pc: 'C' });
        break;
      case 'CER': {
        const t = joined(g).join('/').trim();
        if (t) msg.certification = t;
        break;
      }
      case 'ISU': {
        const els = joined(g).map((e) => e.trim());
        msg.issue = { date: els[0] ?? '', place: els[1] ?? '' };
        checkDate(msg.issue.date, head, colAt(head, 1), issues, true);
        const sig = els.slice(2).join('/').trim();
        if (sig) msg.issue.signature = sig;
        break;
      }
      case 'CDC':
        msg.destinationCurrency = readCdc(g, issues);
        break;
      case 'REF':
        msg.reference = readReference(g);
        break;
      case 'COR': {
        const t = (joined(g)[0] ?? '').trim();
        if (t) msg.customsOrigin = t;
        break;
      }
      case 'SPH': {
        const shc: string[] = [];
        joined(g).forEach((e, k) => {
          const at = joinedAt(g, k);
          shcInto(e, shc, at.line, at.col, issues);
        });
        if (shc.length > 0) msg.shc = shc;
        break;
      }
      case 'SRI':
        msg.shipmentReference = readSri(g);
        break;
      case 'OCI': {
        const o = readOci(g, issues);
        if (o.length > 0) append(msg, 'oci', ...o);
        break;
      }
      default:
        if (!RAW_IDS.has(g.id))
          issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of FWB kept as raw: ${head.text.slice(0, 20)}`);
        rawLines(msg, g);
    }
  }
  checkCharges(summaries, msg.rates, msg.otherCharges ?? [], issues);
  const smiNo = prep.smiLine.no;
  for (const [id, what] of [
    ['RTG', 'routing'],
    ['SHP', 'shipper'],
    ['CNE', 'consignee'],
    ['CVD', 'charge declarations'],
    ['RTD', 'rate description'],
    ['ISU', 'carrier execution'],
  ] as const) {
    if (!seen.has(id)) issues.error(smiNo, 1, 'MISSING_LINE', `Mandatory ${id} line (${what}) missing`);
  }
  if (!seen.has('PPD') && !seen.has('COL')) issues.warn(smiNo, 1, 'MISSING_LINE', 'Neither PPD nor COL charge summary');
  if (msg.origin && !isAirport(msg.origin)) issues.error(smiNo + 1, 13, 'BAD_CODE', 'Origin is not an airport code');
  return { message: msg, issues: issues.sorted() };
}

/** Lines of an FWB after the SMI, grouped in units that must not be split. */
export function fwbUnits(m: Fwb): Unit[] {
  const u: Unit[] = [];
  const q = { code: 'T' as const, pieces: m.pieces, weight: m.weight };
  u.push(
    fmtConsignment({
      awb: m.awb,
      origin: m.origin,
      destination: m.destination,
      quantity: {
        ...q,
        ...(m.volume ? { volume: m.volume } : {}),
        ...(m.densityGroup !== undefined ? { densityGroup: m.densityGroup } : {}),
      },
    }),
  );
  if (m.flights) {
    const items = m.flights.map((f) => `${f.carrier}${f.number}/${f.day}`);
    const lines: string[] = [];
    for (let k = 0; k < items.length; k += 2) lines.push(`${k === 0 ? 'FLT' : ''}/${items.slice(k, k + 2).join('/')}`);
    u.push(lines);
  }
  const rtg = m.routing.map((r) => `${r.airport}${r.carrier}`);
  const rtgLines: string[] = [];
  for (let k = 0; k < rtg.length || k === 0; k += 3)
    rtgLines.push(`${k === 0 ? 'RTG' : ''}/${rtg.slice(k, k + 3).join('/')}`);
  u.push(rtgLines);
  u.push(writeParty('SHP', m.shipper));
  u.push(writeParty('CNE', m.consignee));
  if (m.agent) u.push(writeAgent('AGT', m.agent));
  if (m.ssr) u.push(writeText('SSR', m.ssr));
  if (m.notify) u.push(writeParty('NFY', m.notify));
  if (m.accounting) u.push(m.accounting.map((a, k) => `${k === 0 ? 'ACC' : ''}/${a.identifier}/${a.text}`));
  u.push([writeCvd(m.charges, true)]);
  u.push(writeRtd(m.rates));
  if (m.otherCharges) u.push(writeOth(m.otherCharges));
  if (m.prepaid) u.push(writeSummary('PPD', m.prepaid));
  if (m.collect) u.push(writeSummary('COL', m.collect));
  if (m.certification !== undefined) u.push([`CER/${m.certification}`]);
  u.push([joinEls('ISU', [m.issue.date, m.issue.place, m.issue.signature])]);
  if (m.osi) u.push(writeText('OSI', m.osi));
  if (m.destinationCurrency) u.push([writeCdc(m.destinationCurrency)]);
  if (m.reference) u.push([writeReference(m.reference)]);
  if (m.customsOrigin !== undefined) u.push([`COR/${m.customsOrigin}`]);
  if (m.shc) u.push([`SPH/${m.shc.join('/')}`]);
  if (m.shipmentReference) u.push([writeSri(m.shipmentReference)]);
  if (m.oci) u.push(writeOci(m.oci));
  if (m.raw) u.push(m.raw);
  return u;
}

export function generateFwbParts(model: Fwb, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const units = fitUnits(fwbUnits(m));
  const head = m.possibleDuplicate ? ['PDM'] : [];
  return splitMethod2(`FWB/${m.version}`, units, options.maxLength).map((p, k) => (k === 0 ? [...head, ...p] : p));
}

export function generateFwb(m: Fwb, options: GenerateOptions = {}): string {
  return render(generateFwbParts(m, options), options);
}
