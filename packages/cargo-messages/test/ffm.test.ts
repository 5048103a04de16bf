import { describe, expect, it } from 'vitest';
import { generateFfm, generateFfmParts, parseFfm } from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('FFM', () => {
  it('reads the flight line: sequence, flight, date and time, loading airport, registration and first arrival', () => {
    const r = parseFfm('FFM/8\n1/SU2578/14MAR1130/SVO/RA-73190/US/15MAR0200/JFK\nJFK/NIL\nLAST\n');
    expect(r.message.header).toEqual({
      flight: { carrier: 'SU', number: '2578' },
      date: '14MAR',
      time: '1130',
      loadingAirport: 'SVO',
      registration: 'RA-73190',
      firstArrival: { country: 'US', date: '15MAR', time: '0200', airport: 'JFK' },
    });
    expect(r.issues).toEqual([]);
  });

  it('reads a point of unloading with NIL, arrival and departure', () => {
    const r = parseFfm('FFM/8\n1/KL2084/18MAR/AMS\nLHR/NIL/18MAR1030/18MAR1200\nLAST\n');
    expect(r.message.unloading[0]).toEqual({
      airport: 'LHR',
      nil: true,
      arrival: { date: '18MAR', time: '1030' },
      departure: { date: '18MAR', time: '1200' },
      consignments: [],
      ulds: [],
    });
  });

  it('reads bulk consignment lines with the shipment description codes T, P, S, D and M', () => {
    const r = parseFfm(fixture('ffm-8-bulk-and-uld.txt'));
    const led = r.message.unloading[0];
    expect(led?.consignments.map((c) => c.quantity?.code)).toEqual(['T', 'T']);
    expect(led?.ulds[0]?.consignments[1]).toMatchObject({
      awb: '555-45678905',
      quantity: {
        code: 'D',
        pieces: 20,
        weight: { unit: 'K', value: 505 },
        volume: { unit: 'MC', value: 0.55 },
        totalPieces: 40,
      },
      description: 'BEARINGS',
      shc: ['HEA', 'MAG'],
      osi: ['STACKABLE ONLY UP TO 2 LAYERS'],
    });
  });

  it('reads a ULD line with loading indicator and remarks, followed by its consignments', () => {
    const m = parseFfm(fixture('ffm-8-bulk-and-uld.txt')).message;
    const [first, second] = m.unloading[0]?.ulds ?? [];
    expect(first).toMatchObject({ id: 'PMC98669SU', loadingIndicator: 'M' });
    expect(second).toMatchObject({ id: 'AKE12345SU', remarks: 'HANDLE WITH CARE' });
    expect(first?.consignments).toHaveLength(2);
  });

  it('reads DIM lines as weight, dimensions and pieces', () => {
    const m = parseFfm(fixture('ffm-8-bulk-and-uld.txt')).message;
    expect(m.unloading[0]?.ulds[0]?.consignments[0]?.dims).toEqual([
      { weight: { unit: 'K', value: 1050 }, size: { unit: 'CMT', length: 120, width: 80, height: 100 }, pieces: 150 },
    ]);
  });

  it('reads onward movement lines and COR customs origin', () => {
    const m = parseFfm(fixture('ffm-8-two-parts.txt')).message;
    const jfk = m.unloading[0];
    expect(jfk?.ulds[0]?.consignments[3]?.onward).toEqual([
      { airport: 'CLE', carrier: 'AF', number: '803', date: '18APR' },
    ]);
    expect(m.unloading[1]?.consignments[0]?.customsOrigin).toBe('C');
  });

  it('merges two parts (CONT then LAST), continuing the same point of unloading and ULD', () => {
    const r = parseFfm(fixture('ffm-8-two-parts.txt'));
    expect(errors(r.issues)).toEqual([]);
    expect(r.message.unloading.map((u) => u.airport)).toEqual(['JFK', 'RTM']);
    expect(r.message.unloading[0]?.ulds).toHaveLength(1);
    expect(r.message.unloading[0]?.ulds[0]?.consignments).toHaveLength(4);
  });

  it('splits special handling codes written without separator, with a warning', () => {
    const r = parseFfm(fixture('ffm-5-deviant-packed-shc.txt'));
    expect(r.message.unloading[0]?.ulds[0]?.consignments[0]?.shc).toEqual(['EAW', 'GEN']);
    expect(codes(r.issues)).toContain('BAD_CODE');
  });

  it('warns that a message ending CONT is incomplete and reports a missing LAST as an error', () => {
    expect(codes(parseFfm(fixture('ffm-5-deviant-packed-shc.txt')).issues)).toContain('INCOMPLETE');
    const r = parseFfm('FFM/8\n1/KL2084/18MAR/AMS\nLHR/NIL\n');
    expect(errors(r.issues).map((i) => i.code)).toEqual(['MISSING_END']);
  });

  it('reports a missing flight line and a missing point of unloading', () => {
    expect(errors(parseFfm('FFM/8\nLAST').issues).map((i) => i.code)).toEqual(['MISSING_LINE', 'MISSING_LINE']);
  });

  it('splits a long manifest into parts with the sequence number on line 2, repeating the unloading point and ULD', () => {
    const m = parseFfm(fixture('ffm-8-bulk-and-uld.txt')).message;
    const parts = generateFfmParts(m, { maxLength: 200 });
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((p, k) => {
      expect(p[0]).toBe('FFM/8');
      expect(p[1]?.startsWith(`${k + 1}/SU2578/`)).toBe(true);
      expect(p[p.length - 1]).toBe(k === parts.length - 1 ? 'LAST' : 'CONT');
      expect(p.join('\n').length).toBeLessThanOrEqual(200);
    });
    expect(parseFfm(parts.map((p) => p.join('\n')).join('\n')).message).toEqual(m);
  });

  it('writes a single part ending LAST', () => {
    const text = generateFfm(parseFfm(fixture('ffm-8-nil-crlf.txt')).message);
    expect(text).toBe('FFM/8\n1/KL2084/18MAR/AMS\nLHR/NIL\nLAST\n');
  });
});
