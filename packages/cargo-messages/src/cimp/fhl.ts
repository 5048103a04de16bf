/** FHL — consolidation list / house waybill details (versions 4 and 5). */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { readOci, readParty, readText, writeOci, writeParty, writeText } from './blocks';
import { ChargeDeclarationSchema, readCvd, writeCvd } from './charges';
import { consignment, fmtConsignment, fmtWeight, int, isShcLine, joinEls, shcLine, weight } from './elements';
import { colAt, type Group, groupLines, type Line, mergeParts, prepare, tail } from './lines';
import {
  AirportSchema,
  AwbNumberSchema,
  cimpBase,
  freeText,
  OciSchema,
  PartySchema,
  ShcListSchema,
  text,
  WeightSchema,
} from './schemas';
import { fitUnits, type GenerateOptions, render, sanitize, splitMethod2, type Unit } from './writer';

export const FHL_VERSIONS = [4, 5] as const;

export const HouseSchema = z.object({
  hawb: z.string().regex(/^[A-Z0-9]{1,12}$/),
  origin: AirportSchema,
  destination: AirportSchema,
  pieces: z.number().int().min(0).max(9999),
  weight: WeightSchema,
  slac: z.number().int().min(0).max(99999).optional(),
  description: text(15).optional(),
  shc: ShcListSchema.optional(),
  /** TXT: free text description of goods. */
  freeText: z.array(freeText(65)).min(1).max(9).optional(),
  /** HTS: harmonised commodity codes. */
  hsCodes: z
    .array(z.string().regex(/^[A-Z0-9]{6,18}$/))
    .min(1)
    .max(9)
    .optional(),
  oci: z.array(OciSchema).min(1).optional(),
});
export type House = z.infer<typeof HouseSchema>;

export const FhlSchema = z.object({
  type: z.literal('FHL'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  /** MBI: the master air waybill. */
  master: z.object({
    awb: AwbNumberSchema,
    origin: AirportSchema,
    destination: AirportSchema,
    pieces: z.number().int().min(0).max(9999),
    weight: WeightSchema,
  }),
  houses: z.array(HouseSchema).min(1),
  /** SHP, CNE and CVD apply to the (single) house when the FHL carries house details. */
  shipper: PartySchema.optional(),
  consignee: PartySchema.optional(),
  charges: ChargeDeclarationSchema.omit({ chargeCode: true }).optional(),
});
export type Fhl = z.infer<typeof FhlSchema>;

function readHbs(g: Group, issues: Issues): House {
  const line = g.lines[0] as Line;
  const els = tail(line).map((e) => e.trim());
  const at = (i: number) => colAt(line, i + 1);
  const h: House = { hawb: els[0] ?? '', origin: '', destination: '', pieces: 0, weight: { unit: 'K', value: 0 } };
  if (!/^[A-Z0-9]{1,12}$/.test(h.hawb))
    issues.error(line.no, at(0), 'BAD_ELEMENT', `House waybill number not valid: ${h.hawb}`);
  const od = els[1] ?? '';
  if (/^[A-Z]{6}$/.test(od)) {
    h.origin = od.slice(0, 3);
    h.destination = od.slice(3);
  } else issues.error(line.no, at(1), 'BAD_ELEMENT', `House origin and destination expected: ${od}`);
  const pcs = int(els[2] ?? '');
  if (pcs === undefined) issues.error(line.no, at(2), 'BAD_NUMBER', 'House pieces missing');
  else h.pieces = pcs;
  const w = weight(els[3] ?? '');
  if (w) h.weight = w;
  else issues.error(line.no, at(3), 'BAD_ELEMENT', `House weight expected (K or L): ${els[3] ?? ''}`);
  const slac = els[4] ?? '';
  if (slac !== '') {
    const n = int(slac);
    if (n === undefined) issues.warn(line.no, at(4), 'BAD_NUMBER', `SLAC not a number: ${slac}`);
    else h.slac = n;
  }
  const desc = els.slice(5).join('/').trim();
  if (desc) h.description = desc;
  for (const l of g.lines.slice(1)) {
    if (isShcLine(l)) append(h, 'shc', ...shcLine(l, issues));
    else issues.warn(l.no, l.col, 'UNKNOWN_LINE', 'Unexpected continuation of HBS; ignored');
  }
  return h;
}

export function parseFhl(text: string, options: ParseOptions = {}): ParseResult<Fhl> {
  const issues = new Issues(options);
  const msg: Fhl = {
    type: 'FHL',
    version: 5,
    master: { awb: '', origin: '', destination: '', pieces: 0, weight: { unit: 'K', value: 0 } },
    houses: [],
  };
  const prep = prepare(text, ['FHL'], issues, FHL_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 5;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', 'FHL version missing; 5 assumed');
  const groups = groupLines(mergeParts(prep.body, 'FHL', issues), issues);
  let sawMbi = false;
  let house: House | undefined;
  const raw = (g: Group) => {
    if (!msg.raw) msg.raw = [];
    const r = msg.raw;
    for (const l of g.lines) r.push(l.text);
  };
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i] as Group;
    const head = g.lines[0] as Line;
    switch (g.id) {
      case 'MBI': {
        sawMbi = true;
        const c = consignment(head, issues, { quantity: 'required', airports: 'required' }, 1);
        if (c) {
          msg.master = {
            awb: c.awb,
            origin: c.origin ?? '',
            destination: c.destination ?? '',
            pieces: c.quantity?.pieces ?? 0,
            weight: c.quantity?.weight ?? { unit: 'K', value: 0 },
          };
        }
        break;
      }
      case 'HBS':
        house = readHbs(g, issues);
        msg.houses.push(house);
        break;
      case 'TXT':
      case 'HTS':
      case 'OCI': {
        if (!house) {
          issues.warn(head.no, head.col, 'UNKNOWN_LINE', `${g.id} before any HBS line kept as raw`);
          raw(g);
          break;
        }
        if (g.id === 'TXT') append(house, 'freeText', ...readText(g));
        else if (g.id === 'HTS') append(house, 'hsCodes', ...readText(g));
        else append(house, 'oci', ...readOci(g, issues));
        break;
      }
      case 'SHP':
      case 'CNE': {
        const r = readParty(groups, i, issues);
        if (g.id === 'SHP') msg.shipper = r.party;
        else msg.consignee = r.party;
        i = r.next - 1;
        break;
      }
      case 'CVD': {
        const cvd = readCvd(g, issues);
        delete cvd.chargeCode;
        msg.charges = cvd;
        break;
      }
      default:
        issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of FHL kept as raw: ${head.text.slice(0, 20)}`);
        raw(g);
    }
  }
  const smiNo = prep.smiLine.no;
  if (!sawMbi) issues.error(smiNo, 1, 'MISSING_LINE', 'Mandatory MBI line (master AWB) missing');
  if (msg.houses.length === 0) issues.error(smiNo, 1, 'MISSING_LINE', 'No HBS line (house waybill)');
  return { message: msg, issues: issues.sorted() };
}

export function fhlUnits(m: Fhl): Unit[] {
  const master = fmtConsignment({
    awb: m.master.awb,
    origin: m.master.origin,
    destination: m.master.destination,
    quantity: { code: 'T', pieces: m.master.pieces, weight: m.master.weight },
  });
  const u: Unit[] = [[`MBI/${master[0] ?? ''}`]];
  for (const h of m.houses) {
    const slac = h.slac === undefined ? '' : String(h.slac);
    const hbs = [
      joinEls('HBS', [
        h.hawb,
        `${h.origin}${h.destination}`,
        String(h.pieces),
        fmtWeight(h.weight),
        slac,
        h.description,
      ]),
    ];
    if (h.shc) hbs.push(`/${h.shc.join('/')}`);
    if (h.freeText) hbs.push(...writeText('TXT', h.freeText));
    if (h.hsCodes) hbs.push(...h.hsCodes.map((c, k) => `${k === 0 ? 'HTS' : ''}/${c}`));
    if (h.oci) hbs.push(...writeOci(h.oci));
    u.push(hbs);
  }
  if (m.shipper) u.push(writeParty('SHP', m.shipper));
  if (m.consignee) u.push(writeParty('CNE', m.consignee));
  if (m.charges) u.push([writeCvd({ ...m.charges }, false)]);
  if (m.raw) u.push(m.raw);
  return u;
}

export function generateFhlParts(model: Fhl, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const head = m.possibleDuplicate ? ['PDM'] : [];
  return splitMethod2(`FHL/${m.version}`, fitUnits(fhlUnits(m)), options.maxLength).map((p, k) =>
    k === 0 ? [...head, ...p] : p,
  );
}

export function generateFhl(m: Fhl, options: GenerateOptions = {}): string {
  return render(generateFhlParts(m, options), options);
}
