import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extractFromEmail,
  generate,
  parse,
  parseEmail,
  parseFfm,
  parseFwb,
  splitAndWrap,
  splitMessage,
  subjectType,
  unwrap,
  wrap,
} from '../src/index';
import { envelope } from './arb/schedule';
import { codes, errors, fixture } from './helpers';

describe('SITA Type B envelope', () => {
  it('reads priority, addresses, origin, message identity and NNNN', () => {
    const u = unwrap(fixture('typeb-ffm-envelope.txt'));
    expect(u.envelope).toEqual({
      priority: 'QK',
      addresses: ['MOWFMSU', 'LEDFFSU'],
      origin: 'MOWRMSU',
      identity: '051230',
      nnnn: true,
    });
    expect(u.bodyLine).toBe(3);
    expect(u.body.split('\n')[2]).toBe('FFM/8');
  });

  it('reads addresses continued on a second line and a double signature', () => {
    const r = parse(fixture('typeb-fsu-double-signature.txt'));
    expect(r.envelope).toMatchObject({ priority: 'QU', origin: 'MOWRMSU', doubleSignature: 'JS', identity: '051230' });
    expect(r.envelope?.addresses).toHaveLength(9);
    expect(r.type).toBe('FSU');
    expect(r.issues).toEqual([]);
  });

  it('gives issue lines of the enveloped text as lines of the whole telegram', () => {
    const r = parse('QK MOWFMSU\n.LEDRMSU 010101\nFSU/15\n555-12345676SVOLED/T10\nRCS/03NOV1615/SVO/T10\n');
    expect(r.issues.map((i) => [i.code, i.line])).toEqual([['AWB_CHECK_DIGIT', 4]]);
  });

  it('wraps and unwraps any envelope without loss', () => {
    fc.assert(
      fc.property(envelope, (env) => {
        const text = wrap('FSU/15\n555-12345675SVOLED/T10\nRCS/03NOV1615/SVO/T10\n', env);
        const u = unwrap(text);
        expect(u.envelope).toEqual(env);
        expect(parse(text).message).toEqual(parse('FSU/15\n555-12345675SVOLED/T10\nRCS/03NOV1615/SVO/T10').message);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves text without envelope alone', () => {
    expect(unwrap('FWB/17\nX').envelope).toBeUndefined();
    expect(unwrap('QK\nFWB/17').envelope).toBeUndefined();
  });

  it('generates with an envelope and parses the envelope back', () => {
    const m = parseFfm(fixture('typeb-ffm-envelope.txt')).message;
    const env = { priority: 'QU', addresses: ['LEDFFSU'], origin: 'MOWRMSU', identity: '120800' };
    const text = generate(m, { envelope: env });
    expect(text.startsWith('QU LEDFFSU\n.MOWRMSU 120800\nFFM/8\n')).toBe(true);
    expect(parse(text).envelope).toEqual(env);
  });

  it('splits a long message into parts, each in the envelope, that parse back to the same message', () => {
    const m = parseFwb(fixture('fwb-17-collect-multi-rate.txt')).message;
    const text = generate(m);
    const parts = splitMessage(text, 400);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0]?.trimEnd().endsWith('PART/1/CONT')).toBe(true);
    expect(parse(parts.join('')).message).toEqual(m);
    const env = { priority: 'QK', addresses: ['PEKFFSU'], origin: 'MOWRMSU', identity: '100900' };
    const wrapped = splitAndWrap(text, env, 400);
    expect(wrapped.every((p) => p.startsWith('QK PEKFFSU\n.MOWRMSU 100900\nFWB/17\n'))).toBe(true);
    expect(parse(wrapped.join('')).message).toEqual(m);
  });

  it('splits a long FFM by sequence number and CONT/LAST', () => {
    const text = fixture('ffm-8-bulk-and-uld.txt');
    const parts = splitMessage(text, 250);
    expect(parts.map((p) => p.split('\n')[1]?.split('/')[0])).toEqual(parts.map((_, k) => String(k + 1)));
    expect(parseFfm(parts.join('')).message).toEqual(parseFfm(text).message);
  });
});

describe('messages received by e-mail', () => {
  it('finds the telegram inside quoted e-mail text whose subject names another type', () => {
    const r = parseEmail(fixture('email-fsu-subject-fwb.txt'));
    expect(r.type).toBe('FSU');
    expect(r.subjectType).toBe('FWB');
    expect(r.envelope?.origin).toBe('LEDRMSU');
    expect(codes(r.issues)).toEqual(['SUBJECT_MISMATCH']);
    expect(r.lineOffset).toBe(4);
  });

  it('takes subject and body separately and stops at the signature', () => {
    const ex = extractFromEmail({
      subject: 'FFM SU2578',
      body: 'Hello\n\nFFM/8\n1/SU2578/14MAR/SVO\nLED/NIL\nLAST\n-- \nJohn',
    });
    expect(ex.text).toBe('FFM/8\n1/SU2578/14MAR/SVO\nLED/NIL\nLAST');
    expect(ex.subjectType).toBe('FFM');
    expect(errors(parseEmail({ subject: 'FFM', body: ex.text }).issues)).toEqual([]);
  });

  it('names the type a subject mentions', () => {
    expect(subjectType('RE: FWB 555-12345675')).toBe('FWB');
    expect(subjectType('Booking confirmation')).toBeUndefined();
  });
});
