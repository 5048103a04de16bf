import { describe, expect, it } from 'vitest';
import { generateFfr, isMrn, parseCsn, parseFfa, parseFfr, SPACE_ALLOCATION_CODES } from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('FFR booking requests', () => {
  it('reads the consignment, SHC and flight lines with space allocation codes', () => {
    const r = parseFfr(fixture('ffr-8-uld-ssr-osi.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message.consignment).toMatchObject({
      awb: '021-77777770',
      quantity: { code: 'P', pieces: 5, totalPieces: 9 },
      shc: ['VAL', 'HEA'],
    });
    expect(r.message.flights).toEqual([
      { flight: { carrier: 'AA', number: '001' }, date: '19MAR', origin: 'JFK', destination: 'LHR', status: 'NN' },
    ]);
  });

  it('reads the ULD line: count, then ULD and weight, continued on the next line', () => {
    const u = parseFfr(fixture('ffr-8-uld-ssr-osi.txt')).message.ulds;
    expect(u?.count).toBe(5);
    expect(u?.ulds.map((x) => x.id)).toEqual(['P1G1111PA', 'AVE2222NW', 'AVE3333NW', 'AVA4444PA', 'AVM5555PA']);
    expect(u?.ulds[4]?.weight).toEqual({ unit: 'K', value: 1500 });
  });

  it('reads SSR, OSI, REF, DIM, SHP, CUS and SRI lines and an allotment on the flight line', () => {
    const m = parseFfr(fixture('ffr-8-time-definite.txt')).message;
    expect(m.flights[0]?.allotment).toBe('ALLOT7');
    expect(m.reference).toEqual({ officeAddress: 'FRAGDLH' });
    expect(m.dims).toHaveLength(2);
    expect(m.shipper?.name).toEqual(['EXPORTER GMBH']);
    expect(m.customer).toEqual({ iataCode: '2347998', name: 'EXPRESS FORWARDING', place: 'FRANKFURT' });
    expect(m.shipmentReference).toEqual({ info1: 'QNZ01JUN0800' });
  });

  it('reads bare ULD, SSR, OSI, DIM and SRI lines as deletions and writes them back', () => {
    const r = parseFfr(fixture('ffr-8-delete-deviant.txt'));
    expect(r.message).toMatchObject({
      ulds: { count: 0, ulds: [] },
      ssr: [],
      osi: [],
      dims: [],
      shipmentReference: {},
    });
    expect(generateFfr(r.message)).toContain('\nULD\nSSR\nOSI\nREF/PARFMAF/4321\nDIM\nSRI\n');
  });

  it('reports a missing flight line', () => {
    expect(codes(errors(parseFfr('FFR/8\n057-12345675CDGSYD/T20K300/ENGINE PARTS\n').issues))).toEqual([
      'MISSING_LINE',
    ]);
  });
});

describe('FFA booking answers', () => {
  it('answers each flight with KK, UU, LL, HK, HN, ...', () => {
    const m = parseFfa(fixture('ffa-4-multi-flight.txt')).message;
    expect(m.flights.map((f) => f.status)).toEqual(['KK', 'UU']);
    expect(m.ssr).toEqual(['TEMP RESTRICTION OK', 'SPL CARE OK']);
    expect(m.shipmentReference).toEqual({ reference: 'LH8520', info1: 'YNZ01JUN1800', info2: '03JUN0700' });
    expect(Object.keys(SPACE_ALLOCATION_CODES)).toEqual(
      expect.arrayContaining(['KK', 'UU', 'UN', 'LL', 'HK', 'HN', 'HL', 'CN']),
    );
  });

  it('reports a 7-digit serial and an unknown space allocation code', () => {
    expect(codes(errors(parseFfa(fixture('ffa-4-old-serial-deviant.txt')).issues))).toEqual(['BAD_AWB', 'BAD_CODE']);
  });
});

describe('CSN customs status notifications', () => {
  it('reads WBI, FLT, CAN, DTN, CND, CCL and AGT', () => {
    const r = parseCsn(fixture('csn-3-examination.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message).toEqual({
      type: 'CSN',
      version: 3,
      waybill: { awb: '125-12345675' },
      flight: { flight: { carrier: 'BAW', number: '177' }, origin: 'LHR', destination: 'JFK', date: '17JUL' },
      notifications: [
        {
          status: 'CA',
          text: 'CUSTOMS ACTIONED',
          actionCode: '002',
          date: '17JUL',
          time: '1001',
          entryNumber: 'ENO900001X',
          pieces: 25,
          controlLocation: '9966',
          agent: { name: 'ABC' },
        },
      ],
    });
  });

  it('reads a house waybill of a master, an MRN in CND and OCI, and several notifications', () => {
    const m = parseCsn(fixture('csn-3-house-mrn.txt')).message;
    expect(m.waybill).toEqual({ awb: '057-12345675', master: true, hawb: '123456789' });
    expect(m.flight?.entryPoint).toBe('ORD');
    expect(m.notifications).toHaveLength(2);
    expect(isMrn(m.notifications[0]?.entryNumber ?? '')).toBe(true);
    expect(m.notifications[1]?.agent).toEqual({ name: 'DANZAS', participantId: 'FFW', participantCode: 'DANZASCDG' });
  });

  it('reports a missing CAN line', () => {
    expect(codes(errors(parseCsn(fixture('csn-3-missing-can-deviant.txt')).issues))).toEqual(['MISSING_LINE']);
  });
});
