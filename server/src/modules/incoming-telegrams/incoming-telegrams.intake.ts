import { createHash } from 'node:crypto';
import {
  detect,
  type ParsedMessage,
  parse,
  splitTelegrams as splitEnvelopes,
  stripEnvelopes,
  unwrap,
} from '@aircargo/cargo-messages';
import type { IncomingTelegramSource, TelegramFamily } from '@aircargo/contract/incoming-telegrams';
import { MAX_INCOMING_TELEGRAM_LENGTH } from '@aircargo/contract/incoming-telegrams';
import { AHM_TELEGRAM_TYPES } from '@aircargo/domain';
import type { TelegramEnvelopeColumn } from '../../db/schema';
import type { Db } from '../../platform/db';
import { message, validation } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { inTransaction } from '../../platform/transactions';
import * as repo from './incoming-telegrams.repository';

/** The job that parses and processes one stored telegram. */
export const TELEGRAM_PROCESS_JOB = 'telegram.process';

/** AHM telegrams (flight documents) are their own family; everything else received here is Cargo-IMP. */
export function familyOf(type: string | null): TelegramFamily {
  return type !== null && (AHM_TELEGRAM_TYPES as readonly string[]).includes(type) ? 'ahm' : 'cimp';
}

const TYPEB_HEADING = /^(?:ZCZC\b.*|Q[A-Z] [A-Z0-9]{7,8}(?: [A-Z0-9]{7,8})*)$/;
const SITATEX_HEADING = /^=HEADER\b/;
const SMI = /^[A-Z]{3}(?:\/\d{1,3})?$/;

export interface TelegramPart {
  text: string;
  /** 1-based line of the whole text where the part starts. */
  firstLine: number;
}

/**
 * Splits a file or mail body holding several telegrams: the package's split (Type B headings, NNNN, SITATEX `=HEADER`
 * blocks), then, between bare messages, at a message identifier line (FWB/17, FSU/15, MVT ...) that follows a blank
 * line when the part already has one. A single telegram comes back whole.
 */
export function splitTelegrams(text: string): TelegramPart[] {
  return splitEnvelopes(text).flatMap((p) =>
    splitBare(p.text).map((q) => ({ text: q.text, firstLine: p.line + q.firstLine - 1 })),
  );
}

/** Splits bare messages one after another (and Type B headings and NNNN lines, which the package's split also finds). */
export function splitBare(text: string): TelegramPart[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const parts: TelegramPart[] = [];
  let current: string[] = [];
  let start = 0;
  let hasSmi = false;
  let enveloped = false;
  let blankBefore = true;
  const flush = (next: number) => {
    if (current.some((l) => l.trim() !== '')) parts.push({ text: current.join('\n').trim(), firstLine: start + 1 });
    current = [];
    start = next;
    hasSmi = false;
    enveloped = false;
  };
  lines.forEach((raw, i) => {
    const t = raw.trim();
    const heading = TYPEB_HEADING.test(t) || SITATEX_HEADING.test(t);
    const isSmi = SMI.test(t.toUpperCase()) && detect(t).type !== null;
    if (heading && current.some((l) => l.trim() !== '') && (hasSmi || enveloped)) flush(i);
    else if (isSmi && hasSmi && blankBefore && !enveloped) flush(i);
    else if (isSmi && hasSmi && enveloped && blankBefore) flush(i);
    if (current.length === 0 && t === '') start = i + 1;
    else current.push(raw);
    if (heading) enveloped = true;
    if (isSmi) hasSmi = true;
    if (t === 'NNNN') flush(i + 1);
    blankBefore = t === '';
  });
  flush(lines.length);
  return parts;
}

/** The text without envelope, lines trimmed and blank ones dropped: what the content hash covers. */
export function contentOf(text: string): string {
  const un = unwrap(text);
  const body = un.envelope ? stripEnvelopes(un.body) : un.body;
  return body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n')
    .toUpperCase();
}

export function hashOf(text: string): string {
  return createHash('sha256').update(contentOf(text)).digest('hex');
}

/** What is read from a telegram before it is stored: type, envelope, identity and what it is about. */
export interface Analysis {
  family: TelegramFamily;
  message_type: string | null;
  version: number | null;
  envelope: TelegramEnvelopeColumn | null;
  typeb_identity: string | null;
  sent_at: Date | null;
  mawb: string | null;
  station: string | null;
  carrier: string | null;
  body_hash: string;
}

/** The DTG (DDHHMM, UTC) of a Type B identity as the latest such instant not after `received`. */
export function dtgInstant(identity: string | null | undefined, received: Date): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})\b/.exec(identity ?? '');
  if (!m) return null;
  const [day, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  for (let back = 0; back < 3; back++) {
    const d = new Date(Date.UTC(received.getUTCFullYear(), received.getUTCMonth() - back, day, hour, minute));
    if (d.getUTCDate() === day && d.getTime() <= received.getTime() + 86_400_000) return d;
  }
  return null;
}

function envelopeOf(env: Record<string, unknown> | undefined): TelegramEnvelopeColumn | null {
  if (!env) return null;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const addresses = Array.isArray(env.addresses) ? env.addresses.filter((a): a is string => typeof a === 'string') : [];
  const destinations = Array.isArray(env.destinations)
    ? env.destinations.filter((a): a is string => typeof a === 'string')
    : addresses;
  return {
    priority: str(env.priority),
    destinations,
    origin: str(env.origin),
    message_id: str(env.messageId) ?? str(env.identity),
  };
}

/** Reads a telegram far enough to store it: parse errors are left to the worker. */
export function analyse(text: string, received: Date, parsed: ParsedMessage = parse(text)): Analysis {
  const env = parsed.envelope as Record<string, unknown> | undefined;
  const envelope = envelopeOf(env);
  const message = parsed.message as Record<string, unknown> | null;
  const about = aboutOf(message);
  const sitatexId = typeof env?.messageId === 'string' ? env.messageId : null;
  const identity = typeof env?.identity === 'string' ? env.identity : null;
  const typeb =
    sitatexId !== null
      ? `MSGID ${sitatexId}`
      : envelope?.origin && identity
        ? `${envelope.origin} ${identity} ${parsed.type ?? ''} ${about.mawb ?? about.flight ?? ''}`.trim()
        : null;
  return {
    family: familyOf(parsed.type),
    message_type: parsed.type,
    version: parsed.version,
    envelope,
    typeb_identity: typeb,
    sent_at: dtgInstant(identity, received),
    mawb: about.mawb,
    station: about.station,
    carrier: about.carrier,
    body_hash: hashOf(text),
  };
}

/** The AWB, station and carrier a parsed message names (FWB, FHL, FSU/FSA, and the flight of manifests and AHM). */
export function aboutOf(m: Record<string, unknown> | null): {
  mawb: string | null;
  station: string | null;
  carrier: string | null;
  flight: string | null;
} {
  const none = { mawb: null, station: null, carrier: null, flight: null };
  if (!m) return none;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const consignment = m.consignment as Record<string, unknown> | undefined;
  const master = m.master as Record<string, unknown> | undefined;
  const awb = str(m.awb) ?? str(consignment?.awb) ?? str(master?.awb);
  const mawb = awb && /^\d{3}-\d{8}$/.test(awb) ? awb : null;
  const events = Array.isArray(m.events) ? (m.events as Record<string, unknown>[]) : [];
  const first = events[0];
  const station =
    str(first?.airport) ?? str(first?.origin) ?? str(m.origin) ?? str(consignment?.origin) ?? str(master?.origin);
  const flightObj = (m.flight ?? (m.header as Record<string, unknown> | undefined)?.flight) as
    | Record<string, unknown>
    | undefined;
  const carrier = str(flightObj?.carrier);
  const flight = carrier ? `${carrier}${str(flightObj?.number) ?? ''}` : null;
  return { mawb, station: station ?? str(m.station), carrier, flight };
}

export interface Receipt {
  source: IncomingTelegramSource;
  /** The receiving company (the uploader's, the intake key's, the mailbox's). */
  companyId: number;
  userId: number | null;
  sender: string | null;
  notes: string | null;
  /** The text received, or several (a mail's body and its attachments), each split on its own. */
  text: string | readonly string[];
  now: Date;
}

/**
 * Stores every telegram of the text as received and queues one `telegram.process` job per telegram, in one
 * transaction: a telegram exists exactly when its job does. Answers the ids in the order of the text.
 */
export async function receiveTelegrams(db: Db, r: Receipt): Promise<number[]> {
  const parts = (typeof r.text === 'string' ? [r.text] : r.text).flatMap((text) => splitTelegrams(text));
  if (parts.length === 0) throw validation({ body: [message('telegramNoneInText')] }, message('telegramNoneInText'));
  const tooLong = parts.find((p) => p.text.length > MAX_INCOMING_TELEGRAM_LENGTH);
  if (tooLong) {
    const m = message('maxLength', { max: MAX_INCOMING_TELEGRAM_LENGTH });
    throw validation({ body: [m] }, m);
  }
  const carriers = new Map<string, number | null>();
  const rows: repo.IncomingTelegramInsert[] = [];
  for (const part of parts) {
    const a = analyse(part.text, r.now);
    const key = a.mawb ? `p:${a.mawb.slice(0, 3)}` : a.carrier ? `c:${a.carrier}` : null;
    if (key !== null && !carriers.has(key)) {
      carriers.set(
        key,
        a.mawb ? await repo.airlineOfPrefix(db, a.mawb.slice(0, 3)) : await repo.airlineOfCode(db, a.carrier ?? ''),
      );
    }
    rows.push({
      family: a.family,
      message_type: a.message_type,
      version: a.version,
      source: r.source,
      sender: r.sender ?? a.envelope?.origin ?? null,
      notes: r.notes,
      body: part.text,
      original_body: part.text,
      body_hash: a.body_hash,
      typeb_identity: a.typeb_identity,
      envelope: a.envelope,
      sent_at: a.sent_at,
      station: a.station,
      mawb: a.mawb,
      company_id: r.companyId,
      airline_id: key === null ? null : (carriers.get(key) ?? null),
      user_id: r.userId,
      received_at: r.now,
    });
  }
  return inTransaction(db, async (tx) => {
    const ids = await repo.insertTelegrams(tx, rows);
    for (const id of ids) await enqueue(tx, TELEGRAM_PROCESS_JOB, { id });
    return ids;
  });
}
