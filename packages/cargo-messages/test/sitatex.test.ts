import { describe, expect, it } from 'vitest';
import { detect, generate, parse, parseEmail, parseTelegrams, splitTelegrams, unwrap, wrap } from '../src/index';
import { codes, fixture } from './helpers';

describe('SITATEX envelope', () => {
  it('reads header, priority, destinations, origin, double signature, message id and SMI', () => {
    const u = unwrap(fixture('typeb-fsu-sitatex.txt'));
    expect(u.envelope).toEqual({
      format: 'sitatex',
      header: 'RCV,2026/11/05 12:30',
      priority: 'QK',
      addresses: ['MOWFMSU', 'LEDFFSU'],
      origin: 'MOWRMSU',
      doubleSignature: 'JS',
      messageId: '051230A1',
      smi: 'FSU',
    });
    expect(u.bodyLine).toBe(17);
    expect(u.body.split('\n')[16]).toBe('FSU/15');
    expect(u.issues).toEqual([]);
  });

  it('parses the text after =TEXT with line numbers of the whole file', () => {
    const text = fixture('typeb-fsu-sitatex.txt').replace('RCS/05NOV1615/SVO', 'RCS/05NOV1675/SVO');
    const r = parse(text);
    expect(r.type).toBe('FSU');
    expect(r.envelope?.format).toBe('sitatex');
    expect(r.issues.find((i) => i.code === 'BAD_TIME')?.line).toBe(19);
    expect(detect(text)).toMatchObject({ type: 'FSU', version: 15, envelope: true });
  });

  it('wraps a message back into the same SITATEX envelope', () => {
    const r = parse(fixture('typeb-fsu-sitatex.txt'));
    if (!r.message || !r.envelope) throw new Error('no message');
    const again = parse(generate(r.message, { envelope: r.envelope }));
    expect(again.envelope).toEqual(r.envelope);
    expect(again.message).toEqual(r.message);
  });

  it('accepts bare addresses, several on a line, lower case keywords and an NNNN trailer', () => {
    const u = unwrap(
      '=header\n=destination type b\nMOWFMSU LEDFFSU\n=origin\nMOWRMSU\n=text\nFSR/1\n555-12345675\nNNNN\n',
    );
    expect(u.envelope).toMatchObject({ format: 'sitatex', addresses: ['MOWFMSU', 'LEDFFSU'], nnnn: true });
    expect(u.issues).toEqual([]);
  });

  it('reports a missing origin, destination and =TEXT, and unknown sections', () => {
    const u = unwrap('=HEADER\n=PRIORITY\nQK\n=ACKNOWLEDGEMENT REQUEST\nYES\n');
    expect(codes(u.issues)).toEqual(['BAD_ENVELOPE', 'BAD_ENVELOPE', 'BAD_ENVELOPE', 'BAD_ENVELOPE']);
    expect(u.issues.map((i) => i.line)).toEqual([1, 1, 1, 4]);
    const r = parse('=HEADER\n=DESTINATION TYPE B\nSTX,BAD\n=ORIGIN\nMOWRMSU\n=TEXT\nFSR/1\n555-12345675\n');
    expect(r.issues.map((i) => [i.line, i.code])).toEqual([
      [1, 'BAD_ENVELOPE'],
      [3, 'BAD_ADDRESS'],
    ]);
    expect(r.type).toBe('FSR');
  });

  it('writes a SITATEX envelope', () => {
    const t = wrap('FSR/1\n555-12345675\n', {
      format: 'sitatex',
      priority: 'QU',
      addresses: ['LEDFFSU'],
      origin: 'MOWRMSU',
      messageId: 'X1',
    });
    expect(t).toBe(
      '=HEADER\n=PRIORITY\nQU\n=DESTINATION TYPE B\nSTX,LEDFFSU\n=ORIGIN\nMOWRMSU\n=MSGID\nX1\n=TEXT\nFSR/1\n555-12345675\n',
    );
  });
});

describe('splitTelegrams', () => {
  it('splits Type B telegrams separated by NNNN, keeping their first lines', () => {
    const a = 'QK LEDFFSU\n.MOWRMSU 051230\nFSR/1\n555-12345675\nNNNN';
    const b = 'QU LEDFFSU\n.MOWRMSU 051231\nFSR/1\n555-23456786\nNNNN';
    const parts = splitTelegrams(`\n${a}\n${b}\n\n`);
    expect(parts).toEqual([
      { text: a, line: 2 },
      { text: b, line: 7 },
    ]);
    expect(parts.map((p) => parse(p.text).type)).toEqual(['FSR', 'FSR']);
  });

  it('splits at a new heading after an empty line, not at a multi-part message break', () => {
    const a = 'QK LEDFFSU\n.MOWRMSU 051230\nFSU/15\n555-12345675SVOLED/T10K350\nRCS/05NOV1615/SVO/T10K350';
    const b = 'QK LEDFFSU MOWFMSU\nKJAFFSU\n.MOWRMSU 051232\nFSR/1\n555-23456786';
    const parts = splitTelegrams(`${a}\n\n${b}\n`);
    expect(parts.map((p) => p.line)).toEqual([1, 7]);
    expect(parts[1]?.text).toBe(b);
    const twoParts = 'FFM/8\n1/SU1234/05NOV/SVO\nLED\nCONT\n\nFFM/8\n2/SU1234/05NOV/SVO\nLED\nLAST';
    expect(splitTelegrams(twoParts)).toHaveLength(1);
  });

  it('splits at ZCZC', () => {
    const parts = splitTelegrams(
      'ZCZC 001\nQK LEDFFSU\n.MOWRMSU 051230\nFSR/1\n555-12345675\nZCZC 002\nQK LEDFFSU\n.MOWRMSU 051231\nFSR/1\n555-23456786\n',
    );
    expect(parts.map((p) => p.line)).toEqual([1, 6]);
    expect(parts.map((p) => parse(p.text).envelope?.identity)).toEqual(['051230', '051231']);
  });

  it('splits several SITATEX blocks at =HEADER, even when their text holds NNNN or blank lines', () => {
    const one = fixture('typeb-fsu-sitatex.txt').trimEnd();
    const two = '=HEADER\n=DESTINATION TYPE B\nSTX,LEDFFSU\n=ORIGIN\nMOWRMSU\n=TEXT\nFSR/1\n\n555-12345675\nNNNN';
    const parts = splitTelegrams(`${one}\n${two}\n`);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toEqual({ text: two, line: one.split('\n').length + 1 });
    expect(parts.map((p) => parse(p.text).type)).toEqual(['FSU', 'FSR']);
  });

  it('returns one telegram for a bare message and none for blank text', () => {
    expect(splitTelegrams('FSR/1\r\n555-12345675\r\n')).toEqual([{ text: 'FSR/1\n555-12345675', line: 1 }]);
    expect(splitTelegrams('\n \n')).toEqual([]);
  });
});

describe('SITATEX and AHM in e-mail', () => {
  it('finds a SITATEX block and a corrected MVT in a mail body', () => {
    const sitatex = parseEmail({
      subject: 'Telegram',
      body: `Hello,\n\nplease find the status below.\n\n${fixture('typeb-fsu-sitatex.txt')}\n-- \nOps`,
    });
    expect(sitatex.type).toBe('FSU');
    expect(sitatex.envelope?.format).toBe('sitatex');
    expect(sitatex.lineOffset).toBe(4);
    const mvt = parseEmail({ subject: 'MVT SU1234', body: `Dear all\n${fixture('mvt-arrival-cor.txt')}` });
    expect(mvt.type).toBe('MVT');
    expect(mvt.lineOffset).toBe(1);
    expect(mvt.issues).toEqual([]);
  });
});

describe('SITATEX =SMI', () => {
  it('warns when =SMI names another type than the text holds', () => {
    const r = parse(fixture('typeb-fsu-sitatex.txt').replace('=SMI\nFSU', '=SMI\nFWB'));
    expect(r.type).toBe('FSU');
    expect(r.issues).toEqual([
      {
        line: 17,
        column: 1,
        code: 'BAD_ENVELOPE',
        severity: 'warning',
        text: "The envelope's =SMI names FWB but the message is FSU",
      },
    ]);
  });
});

describe('parseTelegrams', () => {
  it('parses every telegram of a file, each with its first line and its own issue lines', () => {
    const file = `QK LEDFFSU\n.MOWRMSU 051230\nFSR/1\n555-12345675\nNNNN\nQK LEDFFSU\n.MOWRMSU 051231\nMVT\nSU1234/05.VPBWA.SVO\nAD2599\nNNNN\n`;
    const r = parseTelegrams(file);
    expect(r.map((t) => [t.type, t.line, t.envelope?.identity])).toEqual([
      ['FSR', 1, '051230'],
      ['MVT', 6, '051231'],
    ]);
    expect(r[1]?.issues.find((i) => i.code === 'BAD_TIME')?.line).toBe(5);
  });
});

describe('SITATEX with the original Type B heading in its text', () => {
  it('takes the identity from the heading and parses the message after it', () => {
    const text =
      '=HEADER\nRCV,2026/11/05 12:31\n=DESTINATION TYPE B\nSTX,LEDFFSU\n=ORIGIN\nMOWRMSU\n=TEXT\nQK LEDFFSU\n.MOWRMSU 051230\nFSR/1\n555-12345675\n';
    const r = parse(text);
    expect(r.type).toBe('FSR');
    expect(r.issues).toEqual([]);
    expect(r.envelope).toMatchObject({ format: 'sitatex', identity: '051230', origin: 'MOWRMSU' });
    expect(unwrap(text).bodyLine).toBe(10);
  });
});

describe('SITATEX identity round trip', () => {
  it('writes the identity as a Type B heading after =TEXT and reads it back', () => {
    const env = {
      format: 'sitatex' as const,
      priority: 'QK',
      addresses: ['LEDFFSU'],
      origin: 'MOWRMSU',
      doubleSignature: 'JS',
      identity: '051230',
      messageId: 'M1',
    };
    const text = wrap('FSR/1\n555-12345675\n', env);
    expect(text).toContain('=TEXT\nQK LEDFFSU\n.MOWRMSU JS/051230\nFSR/1\n');
    const r = parse(text);
    expect(r.envelope).toEqual(env);
    expect(r.issues).toEqual([]);
  });
});
