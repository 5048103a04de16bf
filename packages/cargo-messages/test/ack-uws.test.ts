import { describe, expect, it } from 'vitest';
import { generateFna, generateUws, parseFma, parseFna, parseUws } from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('FMA and FNA', () => {
  it('reads FMA with or without version, the ACK text and the message received', () => {
    expect(parseFma(fixture('fma-ack.txt')).message).toEqual({
      type: 'FMA',
      reasons: ['MESSAGE RECEIVED AND PROCESSED'],
      received: 'FWB/17\n555-12345675SVOPEK/T12K540.5MC3.1',
    });
    expect(parseFma(fixture('fma-1-versioned.txt')).message.version).toBe(1);
  });

  it('reads FNA reasons over several ACK lines and keeps the rejected message verbatim', () => {
    const r = parseFna(fixture('fna-1-error.txt'));
    expect(r.message.reasons).toEqual(['INVALID AWB NO', 'INVALID STATUS CODE']);
    expect(r.message.received?.split('\n')[0]).toBe('FFR/4');
    expect(generateFna(r.message)).toBe(fixture('fna-1-error.txt'));
  });

  it('reports an FNA without ACK line', () => {
    expect(codes(errors(parseFna(fixture('fna-1-no-ack-deviant.txt')).issues))).toEqual(['MISSING_LINE']);
  });
});

describe('UWS', () => {
  it('reads flight, date, station, ULD lines and bulk lines with weight and load category', () => {
    const r = parseUws(fixture('uws-basic.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message).toEqual({
      type: 'UWS',
      flight: { carrier: 'SU', number: '1234' },
      date: '05NOV',
      station: 'SVO',
      ulds: [
        { id: 'PMC98669SU', destination: 'LED', weight: 2450, category: 'C' },
        { id: 'AKE12345SU', destination: 'LED', weight: 650, category: 'B', remarks: ['AVI'] },
      ],
      bulk: [{ destination: 'LED', weight: 350, category: 'M' }],
      si: ['CHECK PMC98669SU CONTOUR'],
    });
  });

  it('reads lower-case text and dot-prefixed ULD lines of older systems', () => {
    const r = parseUws(fixture('uws-legacy-dots-deviant.txt'));
    expect(errors(r.issues)).toEqual([]);
    expect(r.message.ulds.map((u) => u.weight)).toEqual([2307, 459, 4606]);
  });

  it('reports a ULD line without weight', () => {
    expect(codes(parseUws('UWS\nSU1/05NOV.SVO\nULDS\n-PMC98669SU/LED//C').issues)).toEqual(['BAD_NUMBER']);
  });

  it('writes the statement in sections', () => {
    expect(generateUws(parseUws(fixture('uws-basic.txt')).message)).toBe(fixture('uws-basic.txt'));
  });
});
