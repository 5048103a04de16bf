import { describe, expect, it } from 'vitest';
import { colAt, groupLines, joined, joinedAt, lineId, mergeParts, prepare, splitLines } from '../src/cimp/lines';
import { fitLine } from '../src/index';
import { Issues } from '../src/issues';

describe('the Cargo-IMP line tokenizer', () => {
  it('splits CRLF and LF text, drops trailing blanks and empty lines but keeps line numbers', () => {
    const lines = splitLines('FWB/17\r\n\r\n  SHP   \nCNE');
    expect(lines.map((l) => [l.no, l.text, l.col])).toEqual([
      [1, 'FWB/17', 1],
      [3, 'SHP', 3],
      [4, 'CNE', 1],
    ]);
  });

  it('reads a message without final newline', () => {
    expect(splitLines('FSU/15\n057-12345675').map((l) => l.text)).toEqual(['FSU/15', '057-12345675']);
  });

  it('recognises a three-letter line identifier followed by a slant or the end of line', () => {
    expect(lineId('SHP')).toBe('SHP');
    expect(lineId('RTD/1/P4')).toBe('RTD');
    expect(lineId('CONT')).toBe('');
    expect(lineId('057-12345675')).toBe('');
    expect(lineId('SU1234/05NOV')).toBe('');
  });

  it('attaches lines starting with a slant to the line before', () => {
    const issues = new Issues();
    const groups = groupLines(splitLines('OSI/FIRST\n/SECOND\nSPH/EAW'), issues);
    expect(groups.map((g) => [g.id, g.lines.length])).toEqual([
      ['OSI', 2],
      ['SPH', 1],
    ]);
  });

  it('warns about a continuation line with nothing to continue', () => {
    const issues = new Issues();
    groupLines(splitLines('/ORPHAN\nSPH/EAW'), issues);
    expect(issues.list.map((i) => i.code)).toEqual(['ORPHAN_CONTINUATION']);
  });

  it('joins the elements of continuation lines and locates each element', () => {
    const issues = new Issues();
    const [g] = groupLines(splitLines('PPD/WT735\n/OC262.15/CT997.15'), issues);
    if (!g) throw new Error('no group');
    expect(joined(g)).toEqual(['WT735', 'OC262.15', 'CT997.15']);
    expect(joinedAt(g, 2)).toMatchObject({ line: { no: 2 }, col: 11 });
    expect(colAt(g.lines[0] ?? { no: 0, text: '', col: 1 }, 1)).toBe(5);
  });

  it('merges parts ending PART/n/CONT and drops the repeated identifier and first line', () => {
    const issues = new Issues();
    const body = splitLines('AWB\nA\nPART/1/CONT\nFWB/17\nAWB\n/SHC\nB\nPART/2/LAST').slice(0);
    const merged = mergeParts(body, 'FWB', issues);
    expect(merged.map((l) => l.text)).toEqual(['AWB', 'A', 'B']);
    expect(issues.list).toEqual([]);
  });

  it('warns when a part is missing after PART/n/CONT or numbers are out of sequence', () => {
    const issues = new Issues();
    mergeParts(splitLines('AWB\nPART/2/CONT'), 'FWB', issues);
    expect(issues.list.map((i) => i.code)).toEqual(['PART_SEQUENCE', 'INCOMPLETE']);
  });

  it('reads PDM as a possible duplicate and upper-cases lower-case text with a warning', () => {
    const issues = new Issues();
    const p = prepare('PDM\nfsu/15\n057-12345675', ['FSU'], issues);
    expect(p?.possibleDuplicate).toBe(true);
    expect(p?.smi).toEqual({ type: 'FSU', version: 15 });
    expect(issues.list.map((i) => i.code)).toEqual(['BAD_CHARACTER']);
  });

  it('warns about lines over 69 characters', () => {
    const issues = new Issues();
    prepare(`OSI/FSU/15\n${'X'.repeat(70)}`, ['FSU'], issues);
    expect(issues.list.some((i) => i.code === 'LINE_TOO_LONG' && i.line === 2)).toBe(true);
  });

  it('splits a line over 69 characters at element boundaries into continuation lines', () => {
    const line = `ULD/5/${Array.from({ length: 8 }, (_, i) => `PMC1234${i}SU/K1000`).join('/')}`;
    const out = fitLine(line);
    expect(out.every((l) => l.length <= 69)).toBe(true);
    expect(out.slice(1).every((l) => l.startsWith('/'))).toBe(true);
    expect(out.join('')).toBe(line);
  });
});
