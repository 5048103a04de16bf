/** Multi-line blocks shared by several Cargo-IMP messages: parties, agent, OCI, DIM, REF, ULDs. */
import type { Issues } from '../issues';
import { append } from '../text';
import { fmtWeight, int, isCountry, joinEls, weight } from './elements';
import { after, colAt, type Group, joined, joinedAt, type Line, tail } from './lines';
import type { Agent, BookedUlds, Dimension, Oci, Party, Reference, ShipmentReference } from './schemas';

const trimmed = (s: string | undefined): string | undefined => {
  const t = s?.trim();
  return t ? t : undefined;
};

function contactsInto(party: Party, els: readonly string[], from: number, line: Line, issues: Issues): void {
  for (let j = from; j < els.length; j += 2) {
    const id = trimmed(els[j]);
    const number = trimmed(els[j + 1]);
    if (id === undefined && number === undefined) continue;
    if (id === undefined || number === undefined) {
      issues.warn(line.no, colAt(line, j + 1), 'MISSING_ELEMENT', 'Contact identifier and number go in pairs');
      continue;
    }
    append(party, 'contacts', { id, number });
  }
}

function codedLocation(party: Party, line: Line, issues: Issues): void {
  const els = tail(line);
  const country = trimmed(els[0]);
  if (country !== undefined) {
    if (!isCountry(country)) issues.warn(line.no, colAt(line, 1), 'BAD_CODE', `Not an ISO country code: ${country}`);
    party.country = country;
  }
  const post = trimmed(els[1]);
  if (post !== undefined) party.postcode = post;
  contactsInto(party, els, 2, line, issues);
}

/** Old positional format: `SHP[/name]` followed by `/name`, `/address`, `/place/state`, `/CC/post/..`. */
function oldParty(head: Group, issues: Issues): Party {
  const first = head.lines[0] as Line;
  issues.warn(first.no, first.col, 'OLD_FORMAT', `${head.id} block without NAM/ADR/LOC lines read by position`);
  const rows: { els: string[]; line: Line }[] = [];
  const headEls = tail(first);
  if (headEls.some((e) => e.trim() !== '')) rows.push({ els: headEls, line: first });
  for (const l of head.lines.slice(1)) rows.push({ els: tail(l), line: l });
  const party: Party = { name: [], address: [], place: '' };
  const nameRow = rows.shift();
  if (nameRow) party.name.push(nameRow.els.join(' ').trim());
  const last = rows[rows.length - 1];
  if (last && isCountry((last.els[0] ?? '').trim()) && rows.length >= 1) {
    rows.pop();
    codedLocation(party, last.line, issues);
  }
  const loc = rows.pop();
  if (loc) {
    party.place = (loc.els[0] ?? '').trim();
    const state = trimmed(loc.els[1]);
    if (state !== undefined) party.state = state;
  }
  for (const r of rows) party.address.push(r.els.join(' ').trim());
  return party;
}

/** Reads SHP/CNE/NFY and the NAM, ADR and LOC groups that follow. */
export function readParty(groups: readonly Group[], start: number, issues: Issues): { party: Party; next: number } {
  const head = groups[start] as Group;
  const first = head.lines[0] as Line;
  const nextId = groups[start + 1]?.id;
  if (nextId !== 'NAM' && nextId !== 'ADR' && nextId !== 'LOC') {
    const party = oldParty(head, issues);
    if (party.name.length === 0 || party.name[0] === '') {
      issues.error(first.no, first.col, 'MISSING_LINE', `${head.id} block without name (NAM line)`);
    }
    return { party, next: start + 1 };
  }
  const party: Party = { name: [], address: [], place: '' };
  const account = trimmed(tail(first).join('/'));
  if (account !== undefined) party.account = account;
  for (const extra of head.lines.slice(1)) {
    issues.warn(extra.no, extra.col, 'EXTRA_ELEMENT', `Unexpected continuation of ${head.id}; ignored`);
  }
  let i = start + 1;
  let sawLoc = false;
  for (; i < groups.length; i++) {
    const g = groups[i] as Group;
    if (g.id === 'NAM' || g.id === 'ADR') {
      const list = g.id === 'NAM' ? party.name : party.address;
      for (const l of g.lines) {
        const t = trimmed(after(l));
        if (t !== undefined) list.push(t);
      }
    } else if (g.id === 'LOC') {
      sawLoc = true;
      const els = tail(g.lines[0] as Line);
      party.place = (els[0] ?? '').trim();
      const state = trimmed(els[1]);
      if (state !== undefined) party.state = state;
      const coded = g.lines[1];
      if (coded) codedLocation(party, coded, issues);
      for (const l of g.lines.slice(2)) contactsInto(party, tail(l), 0, l, issues);
    } else {
      break;
    }
  }
  if (party.name.length === 0) issues.error(first.no, first.col, 'MISSING_LINE', `${head.id} block without NAM line`);
  if (!sawLoc) issues.warn(first.no, first.col, 'MISSING_LINE', `${head.id} block without LOC line`);
  return { party, next: i };
}

export function writeParty(id: string, p: Party): string[] {
  const out = [p.account !== undefined ? `${id}/${p.account}` : id];
  out.push(...p.name.map((n, k) => (k === 0 ? `NAM/${n}` : `/${n}`)));
  out.push(...p.address.map((a, k) => (k === 0 ? `ADR/${a}` : `/${a}`)));
  out.push(joinEls('LOC', [p.place, p.state]));
  const contacts = p.contacts ?? [];
  if (p.country !== undefined || p.postcode !== undefined || contacts.length > 0) {
    let coded = `/${p.country ?? ''}`;
    if (p.postcode !== undefined || contacts.length > 0) coded += `/${p.postcode ?? ''}`;
    let k = 0;
    for (; k < contacts.length; k++) {
      const c = contacts[k] as { id: string; number: string };
      const add = `/${c.id}/${c.number}`;
      if (coded.length + add.length > 69) break;
      coded += add;
    }
    out.push(coded);
    for (; k < contacts.length; k++) {
      const c = contacts[k] as { id: string; number: string };
      out.push(`/${c.id}/${c.number}`);
    }
  }
  return out;
}

/** AGT/account/IATA code/CASS address/participant, then `/name` and `/place`. */
export function readAgent(group: Group): Agent {
  const els = tail(group.lines[0] as Line);
  const a: Agent = {};
  const account = trimmed(els[0]);
  if (account !== undefined) a.account = account;
  const iata = trimmed(els[1]);
  if (iata !== undefined) a.iataCode = iata;
  const cass = trimmed(els[2]);
  if (cass !== undefined) a.cassAddress = cass;
  const pid = trimmed(els.slice(3).join('/'));
  if (pid !== undefined) a.participantId = pid;
  const name = group.lines[1];
  if (name) {
    const t = trimmed(after(name));
    if (t !== undefined) a.name = t;
  }
  const place = group.lines[2];
  if (place) {
    const t = trimmed(after(place));
    if (t !== undefined) a.place = t;
  }
  return a;
}

export function writeAgent(id: string, a: Agent): string[] {
  const out = [joinEls(id, [a.account, a.iataCode, a.cassAddress, a.participantId])];
  if (a.name !== undefined || a.place !== undefined) out.push(`/${a.name ?? ''}`);
  if (a.place !== undefined) out.push(`/${a.place}`);
  return out;
}

/** Each OCI line (head or continuation) is one item: country/info id/control id/text. */
export function readOci(group: Group, issues: Issues): Oci[] {
  const out: Oci[] = [];
  for (const line of group.lines) {
    const els = tail(line);
    const o: Oci = {};
    const country = trimmed(els[0]);
    if (country !== undefined) o.country = country;
    const info = trimmed(els[1]);
    if (info !== undefined) o.infoId = info;
    const control = trimmed(els[2]);
    if (control !== undefined) o.controlId = control;
    const text = trimmed(els.slice(3).join('/'));
    if (text !== undefined) o.text = text;
    if (els.length > 4) issues.warn(line.no, colAt(line, 5), 'EXTRA_ELEMENT', 'OCI text contains a slash');
    if (o.country === undefined && o.infoId === undefined && o.controlId === undefined) {
      if (o.text === undefined) continue;
      issues.warn(line.no, line.col, 'MISSING_ELEMENT', 'OCI line without country or identifier');
    }
    out.push(o);
  }
  return out;
}

export function writeOci(items: readonly Oci[]): string[] {
  return items.map((o, k) => joinEls(k === 0 ? 'OCI' : '', [o.country, o.infoId, o.controlId, o.text]));
}

const DIM_RE = /^([A-Z]{3})(\d{1,5})-(\d{1,5})-(\d{1,5})$/;

/** One dimension entry: `[K100/]CMT50-40-30/2` or `NDA`. */
export function dimension(els: readonly string[], line: Line, first: number, issues: Issues): Dimension {
  const d: Dimension = {};
  let i = 0;
  const w = weight(els[0] ?? '');
  if (w) {
    d.weight = w;
    i = 1;
  } else if ((els[0] ?? '') === '') {
    i = 1;
  }
  const size = (els[i] ?? '').trim();
  const m = DIM_RE.exec(size);
  if (m) {
    d.size = { unit: m[1] ?? '', length: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
  } else if (size !== 'NDA' && size !== '') {
    issues.error(line.no, colAt(line, first + i), 'BAD_ELEMENT', `Dimensions not understood: ${size}`);
  }
  const pcs = (els[i + 1] ?? '').trim();
  if (pcs !== '') {
    const n = int(pcs);
    if (n === undefined) issues.error(line.no, colAt(line, first + i + 1), 'BAD_NUMBER', `Pieces not a number: ${pcs}`);
    else d.pieces = n;
  }
  if (d.size && (d.size.length === 0 || d.size.width === 0 || d.size.height === 0)) {
    issues.warn(line.no, colAt(line, first + i), 'BAD_DIMENSION', `Zero dimension: ${size}`);
  } else if (size === '' && (d.weight !== undefined || d.pieces !== undefined)) {
    issues.warn(
      line.no,
      colAt(line, first + i),
      'BAD_DIMENSION',
      'Dimensions missing (NDA when no dimensions are available)',
    );
  }
  if (d.pieces === 0)
    issues.warn(line.no, colAt(line, first + i + 1), 'BAD_DIMENSION', 'Zero pieces on a dimension line');
  return d;
}

export function fmtDimension(d: Dimension): string[] {
  const size = d.size ? `${d.size.unit}${d.size.length}-${d.size.width}-${d.size.height}` : 'NDA';
  return [d.weight ? fmtWeight(d.weight) : '', size, d.pieces === undefined ? '' : String(d.pieces)];
}

/** DIM line: each physical line is one entry. */
export function readDims(group: Group, issues: Issues): Dimension[] {
  return group.lines.map((l) => dimension(tail(l), l, 1, issues));
}

export function writeDims(dims: readonly Dimension[]): string[] {
  return dims.map((d, k) => joinEls(k === 0 ? 'DIM' : '', fmtDimension(d)));
}

export function readReference(group: Group): Reference {
  const els = joined(group);
  const r: Reference = {};
  const office = trimmed(els[0]);
  if (office !== undefined) r.officeAddress = office;
  const file = trimmed(els[1]);
  if (file !== undefined) r.fileReference = file;
  const pid = trimmed(els[2]);
  if (pid !== undefined) r.participantId = pid;
  const code = trimmed(els[3]);
  if (code !== undefined) r.participantCode = code;
  const airport = trimmed(els[4]);
  if (airport !== undefined) r.participantAirport = airport;
  return r;
}

export function writeReference(r: Reference): string {
  return joinEls('REF', [r.officeAddress, r.fileReference, r.participantId, r.participantCode, r.participantAirport]);
}

export function readSri(group: Group): ShipmentReference {
  const els = joined(group);
  const r: ShipmentReference = {};
  const ref = trimmed(els[0]);
  if (ref !== undefined) r.reference = ref;
  const i1 = trimmed(els[1]);
  if (i1 !== undefined) r.info1 = i1;
  const i2 = trimmed(els[2]);
  if (i2 !== undefined) r.info2 = i2;
  return r;
}

export function writeSri(r: ShipmentReference): string {
  return joinEls('SRI', [r.reference, r.info1, r.info2]);
}

/** Free text lines (OSI, SSR, TXT): the text after the first slash of every line. */
export function readText(group: Group): string[] {
  const out: string[] = [];
  for (const l of group.lines) {
    const t = trimmed(after(l));
    if (t !== undefined) out.push(t);
  }
  return out;
}

/** Word-wraps text lines to `max` characters, first line with the identifier. */
export function writeText(id: string, lines: readonly string[], max = 65): string[] {
  const out: string[] = [];
  for (const l of lines) {
    let rest = l;
    while (rest.length > max) {
      let cut = rest.lastIndexOf(' ', max);
      if (cut <= 0) cut = max;
      out.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
    if (rest !== '') out.push(rest);
  }
  if (out.length === 0) return [id];
  return out.map((t, k) => (k === 0 ? `${id}/${t}` : `/${t}`));
}

const ULD_IND_RE = /^([A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2})(?:-([A-Z]))?$/;

/** ULD/<count>/<id[-ind]>/<weight>/... as in FFR and FBL. */
export function readBookedUlds(group: Group, issues: Issues): BookedUlds {
  const els = joined(group);
  const head = group.lines[0] as Line;
  const r: BookedUlds = { count: 0, ulds: [] };
  const c = (els[0] ?? '').trim();
  if (c !== '') {
    const n = int(c);
    if (n === undefined) issues.error(head.no, colAt(head, 1), 'BAD_NUMBER', `Number of ULDs not a number: ${c}`);
    else r.count = n;
  }
  for (let i = 1; i < els.length; i++) {
    const e = (els[i] ?? '').trim();
    if (e === '') continue;
    const m = ULD_IND_RE.exec(e);
    const last = r.ulds[r.ulds.length - 1];
    const w = weight(e);
    if (m) {
      const u: BookedUlds['ulds'][number] = { id: m[1] ?? '' };
      if (m[2] !== undefined) u.loadingIndicator = m[2];
      r.ulds.push(u);
    } else if (w && last && last.weight === undefined) {
      last.weight = w;
    } else {
      const at = joinedAt(group, i);
      issues.warn(at.line.no, at.col, 'BAD_ELEMENT', `ULD element not understood: ${e}`);
    }
  }
  return r;
}

export function writeBookedUlds(u: BookedUlds): string[] {
  if (u.count === 0 && u.ulds.length === 0) return ['ULD'];
  const items = u.ulds.map((x) => {
    const id = x.loadingIndicator ? `${x.id}-${x.loadingIndicator}` : x.id;
    return x.weight ? `${id}/${fmtWeight(x.weight)}` : id;
  });
  const out: string[] = [];
  for (let k = 0; k < items.length || k === 0; k += 3) {
    const chunk = items.slice(k, k + 3).join('/');
    if (k === 0) out.push(chunk ? `ULD/${u.count}/${chunk}` : `ULD/${u.count}`);
    else out.push(`/${chunk}`);
  }
  return out;
}
