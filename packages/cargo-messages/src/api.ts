/** `parse`, `generate` and `detect` for every supported type, dispatching on the type. */

import { type Cpm, parseCpm } from './ahm/cpm';
import { type Ldm, parseLdm } from './ahm/ldm';
import { type Mvt, parseMvt } from './ahm/mvt';
import { parseUcm, type Ucm } from './ahm/ucm';
import { type Fma, type Fna, generateAckParts, parseFma, parseFna } from './cimp/ack';
import { type Ffa, type Ffr, generateBookingParts, parseFfa, parseFfr } from './cimp/booking';
import { type Csn, generateCsnParts, parseCsn } from './cimp/csn';
import { type Fbl, generateFblParts, parseFbl } from './cimp/fbl';
import { type Ffm, generateFfmParts, parseFfm } from './cimp/ffm';
import { type Fhl, generateFhlParts, parseFhl } from './cimp/fhl';
import { type Fsa, type Fsu, generateStatusParts, parseFsa, parseFsu } from './cimp/fsu';
import { type Fwb, generateFwbParts, parseFwb } from './cimp/fwb';
import {
  type CimpRequest,
  parseFad,
  parseFbr,
  parseFda,
  parseFhr,
  parseFsr,
  parseFvr,
  parseFwr,
} from './cimp/requests';
import { splitMessage } from './cimp/split';
import { generateUwsParts, parseUws, type Uws } from './cimp/uws';
import { type GenerateOptions, render } from './cimp/writer';
import { locateType } from './detect';
import { generateSsim, parseSsim, type Ssim } from './ssim/file';
import { type Asm, generateAsm, generateSsm, parseAsm, parseSsm, type Ssm } from './ssim/ssm';
import { type EmailInput, extractFromEmail } from './typeb/email';
import { stripEnvelopes, type TypeBEnvelope, unwrap, wrap } from './typeb/envelope';
import { splitTelegrams } from './typeb/split';
import { type Issue, isParseOnlyType, type MessageType, type ParseOptions, type ParseResult } from './types';
import { VERSION_SUPPORT, versionVerdict } from './versions';

/** Models `generate` can write. */
export type GeneratableMessage =
  | Fwb
  | Fhl
  | Ffm
  | Fbl
  | Fsu
  | Fsa
  | Ffr
  | Ffa
  | Csn
  | Fma
  | Fna
  | Uws
  | Ssim
  | Ssm
  | Asm;
/** AHM load-control telegrams: parse only. */
export type AhmMessage = Mvt | Ldm | Cpm | Ucm;
/** Every model `parse` returns; AHM telegrams and Cargo-IMP requests/advices are parse only. */
export type AnyMessage = GeneratableMessage | AhmMessage | CimpRequest;

/** True when `generate` can write the model (every type except AHM telegrams and Cargo-IMP requests). */
export function isGeneratable(m: AnyMessage): m is GeneratableMessage {
  return !isParseOnlyType(m.type);
}

export interface ParsedMessage {
  type: MessageType | null;
  version: number | null;
  message: AnyMessage | null;
  issues: Issue[];
  envelope?: TypeBEnvelope;
}

type Parser = (text: string, options?: ParseOptions) => ParseResult<AnyMessage>;

export const PARSERS: Record<MessageType, Parser> = {
  FWB: parseFwb,
  FHL: parseFhl,
  FFM: parseFfm,
  FBL: parseFbl,
  FSU: parseFsu,
  FSA: parseFsa,
  FFR: parseFfr,
  FFA: parseFfa,
  CSN: parseCsn,
  FMA: parseFma,
  FNA: parseFna,
  UWS: parseUws,
  SSIM: parseSsim,
  SSM: parseSsm,
  ASM: parseAsm,
  MVT: parseMvt,
  LDM: parseLdm,
  CPM: parseCpm,
  UCM: parseUcm,
  FWR: parseFwr,
  FHR: parseFhr,
  FBR: parseFbr,
  FAD: parseFad,
  FDA: parseFda,
  FSR: parseFsr,
  FVR: parseFvr,
};

export function versionOf(m: AnyMessage): number | null {
  return 'version' in m && typeof m.version === 'number' ? m.version : null;
}

function byPosition(a: Issue, b: Issue): number {
  return a.line - b.line || a.column - b.column;
}

/** Parses any supported message; a Type B envelope is read and returned alongside. */
export function parse(text: string, options: ParseOptions = {}): ParsedMessage {
  const un = unwrap(text);
  const body = un.envelope ? stripEnvelopes(un.body) : un.body;
  const d = locateType(body);
  if (d.type === null) {
    const issues: Issue[] = [
      ...un.issues,
      { line: un.bodyLine, column: 1, code: 'UNKNOWN_TYPE', severity: 'error', text: 'Message type not recognised' },
    ];
    return un.envelope
      ? { type: null, version: null, message: null, issues, envelope: un.envelope }
      : { type: null, version: null, message: null, issues };
  }
  const declared = un.envelope?.smi;
  if (declared !== undefined && declared !== d.type && declared.split('/')[0] !== d.type) {
    un.issues.push({
      line: un.bodyLine,
      column: 1,
      code: 'BAD_ENVELOPE',
      severity: 'warning',
      text: `The envelope's =SMI names ${declared} but the message is ${d.type}`,
    });
  }
  const verdict = versionVerdict(d.type, d.version);
  const smiLine = d.line ?? un.bodyLine;
  if (verdict === 'unsupported') {
    const supported = VERSION_SUPPORT[d.type]?.supported.join(', ') ?? '';
    const unsupported: Issue = {
      line: smiLine,
      column: 5,
      code: 'UNSUPPORTED_VERSION',
      severity: 'error',
      text: `${d.type} version ${d.version} is not supported; supported: ${supported}`,
    };
    const issues = [...un.issues, unsupported].sort(byPosition);
    const out: ParsedMessage = { type: d.type, version: d.version, message: null, issues };
    if (un.envelope) out.envelope = un.envelope;
    return out;
  }
  const r = PARSERS[d.type](body, options);
  const extra: Issue[] = [];
  if (verdict === 'compatible') {
    const newest = Math.max(...(VERSION_SUPPORT[d.type]?.supported ?? []));
    extra.push({
      line: smiLine,
      column: 5,
      code: 'OLD_FORMAT',
      severity: 'warning',
      text: `${d.type} version ${d.version} read with the layout of version ${newest}`,
    });
  }
  const out: ParsedMessage = {
    type: d.type,
    version: versionOf(r.message),
    message: r.message,
    issues: [...un.issues, ...extra, ...r.issues].sort(byPosition),
  };
  if (un.envelope) out.envelope = un.envelope;
  return out;
}

export interface ParsedTelegram extends ParsedMessage {
  /** The telegram's own text, as `splitTelegrams` cut it; issue lines are lines of this text. */
  text: string;
  /** 1-based line of the input where the telegram starts. */
  line: number;
}

/** Splits a file or mail holding several telegrams (`splitTelegrams`) and parses each. */
export function parseTelegrams(text: string, options: ParseOptions = {}): ParsedTelegram[] {
  return splitTelegrams(text).map((t) => ({ ...parse(t.text, options), text: t.text, line: t.line }));
}

export interface ParsedEmail extends ParsedMessage {
  /** Lines of the e-mail body before the telegram; issue lines are relative to the telegram. */
  lineOffset: number;
  subjectType?: MessageType;
}

/** Parses the telegram found in an e-mail (raw RFC 822 text, or subject and body). */
export function parseEmail(input: EmailInput | string, options: ParseOptions = {}): ParsedEmail {
  const ex = extractFromEmail(input);
  const r: ParsedEmail = { ...parse(ex.text, options), lineOffset: ex.lineOffset };
  if (ex.subjectType !== undefined) {
    r.subjectType = ex.subjectType;
    if (r.type !== null && r.type !== ex.subjectType) {
      r.issues.unshift({
        line: 1,
        column: 1,
        code: 'SUBJECT_MISMATCH',
        severity: 'warning',
        text: `The subject names ${ex.subjectType} but the message is ${r.type}`,
      });
    }
  }
  return r;
}

export interface GenerateAnyOptions extends GenerateOptions {
  /** Wrap every part in this Type B envelope. */
  envelope?: TypeBEnvelope;
}

/**
 * The message as one text per part (one part unless it is over 3,500 characters). Throws a
 * TypeError for a parse-only model (AHM telegrams, Cargo-IMP requests): see `isGeneratable`.
 */
export function generateParts(m: AnyMessage, options: GenerateAnyOptions = {}): string[] {
  if (!isGeneratable(m)) throw new TypeError(`${m.type} is parse-only: the library does not generate it`);
  let texts: string[];
  switch (m.type) {
    case 'SSIM':
      texts = [generateSsim(m, options)];
      break;
    case 'SSM':
      texts = [generateSsm(m, options)];
      break;
    case 'ASM':
      texts = [generateAsm(m, options)];
      break;
    default:
      texts = cimpParts(m, options).map((p) => render([p], options));
  }
  const env = options.envelope;
  return env ? texts.map((t) => wrap(t, env, options.newline)) : texts;
}

function cimpParts(m: Exclude<GeneratableMessage, Ssim | Ssm | Asm>, options: GenerateOptions): string[][] {
  switch (m.type) {
    case 'FWB':
      return generateFwbParts(m, options);
    case 'FHL':
      return generateFhlParts(m, options);
    case 'FFM':
      return generateFfmParts(m, options);
    case 'FBL':
      return generateFblParts(m, options);
    case 'FSU':
    case 'FSA':
      return generateStatusParts(m, options);
    case 'FFR':
    case 'FFA':
      return generateBookingParts(m, options);
    case 'CSN':
      return generateCsnParts(m, options);
    case 'FMA':
    case 'FNA':
      return generateAckParts(m, options);
    case 'UWS':
      return generateUwsParts(m, options);
  }
}

/** Generates any message; parts of a split message are separated by an empty line. */
export function generate(m: AnyMessage, options: GenerateAnyOptions = {}): string {
  const nl = options.newline ?? '\n';
  return generateParts(m, options).join(nl);
}

/** Splits a long Cargo-IMP text into parts and wraps each in the envelope. */
export function splitAndWrap(text: string, envelope?: TypeBEnvelope, maxLength?: number): string[] {
  const un = unwrap(text);
  const env = envelope ?? un.envelope;
  const parts = splitMessage(un.envelope ? un.body : text, maxLength);
  return env ? parts.map((p) => wrap(p, env)) : parts;
}
