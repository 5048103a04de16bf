/**
 * UWS — ULD/bulk load weight statement (IATA AHM): flight, date and station, then one line per
 * ULD (id, destination, gross weight, load category) and per bulk destination.
 *
 * UWS
 * SU1234/05NOV.SVO
 * ULDS
 * -PMC98669SU/LED/2450/C
 * BULK
 * -LED/350/M
 * SI FREE TEXT
 */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { checkAirport, checkDate, flight, fmtFlight, fmtNum, num } from './elements';
import { colAt, splitLines } from './lines';
import { AirportSchema, DateSchema, FlightSchema, freeText, text, UldIdSchema } from './schemas';
import { type GenerateOptions, render, sanitize } from './writer';

const CategorySchema = z.string().regex(/^[A-Z0-9]{1,3}$/, 'load category (C, M, B, BY, E, ...)');

export const UwsUldSchema = z.object({
  id: UldIdSchema,
  destination: AirportSchema,
  /** Gross weight in kg. */
  weight: z.number().nonnegative(),
  category: CategorySchema,
  /** Further elements (special handling codes, contour, remarks). */
  remarks: z.array(text(20)).min(1).optional(),
});
export type UwsUld = z.infer<typeof UwsUldSchema>;

export const UwsBulkSchema = UwsUldSchema.omit({ id: true });
export type UwsBulk = z.infer<typeof UwsBulkSchema>;

export const UwsSchema = z.object({
  type: z.literal('UWS'),
  flight: FlightSchema,
  date: DateSchema,
  station: AirportSchema,
  ulds: z.array(UwsUldSchema),
  bulk: z.array(UwsBulkSchema),
  /** SI: supplementary information lines. */
  si: z.array(freeText(65)).min(1).optional(),
});
export type Uws = z.infer<typeof UwsSchema>;

const FLIGHT_LINE = /^([A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?)\/(\d{2}[A-Z]{3})[./ ]([A-Z]{3})$/;

export function parseUws(textIn: string, options: ParseOptions = {}): ParseResult<Uws> {
  const issues = new Issues(options);
  const msg: Uws = { type: 'UWS', flight: { carrier: '', number: '' }, date: '', station: '', ulds: [], bulk: [] };
  const lines = splitLines(textIn.toUpperCase());
  const first = lines[0];
  if (!first) {
    issues.error(1, 1, 'EMPTY', 'The message is empty');
    return { message: msg, issues: issues.sorted() };
  }
  if (first.text !== 'UWS') issues.error(first.no, first.col, 'BAD_HEADER', 'First line must be UWS');
  const second = lines[1];
  const m = second ? FLIGHT_LINE.exec(second.text) : null;
  if (!second || !m) {
    issues.error(second?.no ?? first.no + 1, 1, 'MISSING_LINE', 'Flight line (flight/DDMMM.station) missing');
  } else {
    msg.flight = flight(m[1] ?? '') ?? msg.flight;
    msg.date = m[2] ?? '';
    msg.station = m[3] ?? '';
    checkDate(msg.date, second, second.col + (m[1]?.length ?? 0) + 1, issues);
  }
  let section: 'ULD' | 'BULK' | undefined;
  for (const line of lines.slice(m ? 2 : 1)) {
    const t = line.text;
    if (t === 'ULDS' || t === 'ULD') {
      section = 'ULD';
      continue;
    }
    if (t === 'BULK') {
      section = 'BULK';
      continue;
    }
    if (t === 'SI' || t.startsWith('SI ')) {
      const s = t.slice(2).trim();
      if (s) append(msg, 'si', s);
      section = undefined;
      continue;
    }
    if (t === 'END' || /^PART \d+ END$/.test(t)) continue;
    if (!section) {
      if (msg.si) msg.si.push(t);
      else
        issues.warn(
          line.no,
          line.col,
          'UNKNOWN_LINE',
          `Line outside the ULDS and BULK sections ignored: ${t.slice(0, 20)}`,
        );
      continue;
    }
    const body = t.startsWith('-') || t.startsWith('.') ? t.slice(1) : t;
    const els = body.split('/').map((e) => e.trim());
    const at = (i: number) => colAt(line, i) + (body === t ? 0 : 1);
    const off = section === 'ULD' ? 1 : 0;
    const dest = els[off] ?? '';
    checkAirport(dest, line, at(off), issues);
    const w = num(els[off + 1] ?? '');
    if (w === undefined) issues.error(line.no, at(off + 1), 'BAD_NUMBER', `Weight not a number: ${els[off + 1] ?? ''}`);
    const category = els[off + 2] ?? '';
    if (!/^[A-Z0-9]{1,3}$/.test(category))
      issues.error(line.no, at(off + 2), 'BAD_CODE', `Load category missing: ${category}`);
    const item: UwsBulk = { destination: dest, weight: w ?? 0, category };
    const remarks = els.slice(off + 3).filter((e) => e !== '');
    if (remarks.length > 0) item.remarks = remarks;
    if (section === 'ULD') {
      const id = els[0] ?? '';
      if (!/^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2}$/.test(id))
        issues.error(line.no, at(0), 'BAD_ELEMENT', `ULD id not understood: ${id}`);
      msg.ulds.push({ id, ...item });
    } else {
      msg.bulk.push(item);
    }
  }
  return { message: msg, issues: issues.sorted() };
}

export function generateUwsParts(model: Uws, _options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const lines = ['UWS', `${fmtFlight(m.flight)}/${m.date}.${m.station}`];
  const rest = (x: UwsBulk) =>
    `${x.destination}/${fmtNum(x.weight)}/${x.category}${x.remarks ? `/${x.remarks.join('/')}` : ''}`;
  if (m.ulds.length > 0) lines.push('ULDS', ...m.ulds.map((u) => `-${u.id}/${rest(u)}`));
  if (m.bulk.length > 0) lines.push('BULK', ...m.bulk.map((b) => `-${rest(b)}`));
  if (m.si) lines.push(...m.si.map((s) => `SI ${s}`));
  return [lines];
}

export function generateUws(m: Uws, options: GenerateOptions = {}): string {
  return render(generateUwsParts(m, options), options);
}
