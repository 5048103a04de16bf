import { describe, expect, it } from 'vitest';
import { DISCREPANCY_CODES, generateFsu, parseFsa, parseFsu, STATUS_CODES } from '../src/index';
import { codes, errors, fixture } from './helpers';

const fsu = (line: string) => parseFsu(`FSU/15\n555-12345675SVOLED/T10K350\n${line}\n`);

describe('FSU and FSA status lines', () => {
  it('reads every status code of the all-codes sample without issue', () => {
    const r = parseFsu(fixture('fsu-15-all-status-codes.txt'));
    expect(r.issues).toEqual([]);
    expect(new Set(r.message.events.map((e) => e.code))).toEqual(new Set(STATUS_CODES));
  });

  it('reads RCS: date and time, airport, quantity, received from, and the volume line', () => {
    expect(fsu('RCS/03NOV1615/SVO/T10K350/SHIPPERNAME\n/MC1.2DG3').message.events[0]).toEqual({
      code: 'RCS',
      date: '03NOV',
      time: '1615',
      airport: 'SVO',
      quantity: { code: 'T', pieces: 10, weight: { unit: 'K', value: 350 } },
      name: 'SHIPPERNAME',
      volume: { unit: 'MC', value: 1.2 },
      densityGroup: 3,
    });
  });

  it('reads BKD, MAN, DEP and PRE: flight, date, airports, quantity and S, E or A times', () => {
    const [bkd] = fsu('BKD/SR903/22MAR/BSLKHI/T20/S1900/S0500-N/MC2').message.events;
    expect(bkd).toEqual({
      code: 'BKD',
      flight: { carrier: 'SR', number: '903' },
      date: '22MAR',
      origin: 'BSL',
      destination: 'KHI',
      quantity: { code: 'T', pieces: 20 },
      departureTime: { kind: 'S', time: '1900' },
      arrivalTime: { kind: 'S', time: '0500', dayChange: 'N' },
      volume: { unit: 'MC', value: 2 },
    });
    expect(fsu('DEP/SU1234/05NOV/SVOLED/T10K350/S0900/A0912').message.events[0]?.departureTime).toEqual({
      kind: 'S',
      time: '0900',
    });
    expect(fsu('PRE///CDGHKG/T18/S2000/S0500-N').issues).toEqual([]);
    expect(fsu('MAN/SR1207/18AUG/HKGZRH/T20/S1200/S1900').message.events[0]?.arrivalTime?.time).toBe('1900');
  });

  it('reads RCF, ARR and AWR: arrival flight, date and time with day change, and the arrival time', () => {
    const r = parseFsu(fixture('fsu-12-rcf-deviant.txt'));
    expect(r.message.events[0]).toMatchObject({
      code: 'RCF',
      flight: { carrier: 'MK', number: '059' },
      time: '1300',
      airport: 'MRU',
      arrivalTime: { kind: 'A', time: '1117', dayChange: 'P' },
    });
    expect(fsu('ARR/LH451/10JUL0700-N/FRA/T12').message.events[0]).toMatchObject({ time: '0700', dayChange: 'N' });
    expect(fsu('AWR/LH451/10JUL0700/FRA/T12').message.events[0]?.code).toBe('AWR');
  });

  it('reads RCT, TFD and TRM with the carriers and the partner line', () => {
    expect(fsu('RCT/TW/12NOV1900/CDG/T20\n/AF/AIR FRANCE CARGO').message.events[0]).toMatchObject({
      carrier: 'TW',
      partnerCarrier: 'AF',
      name: 'AIR FRANCE CARGO',
    });
    expect(fsu('TFD/CK/10JUL1800/HKG/T12/123456').message.events[0]).toMatchObject({
      carrier: 'CK',
      transferManifest: '123456',
    });
    expect(fsu('TRM/TW/SYD/T12').message.events[0]).toEqual({
      code: 'TRM',
      carrier: 'TW',
      airport: 'SYD',
      quantity: { code: 'T', pieces: 12 },
    });
  });

  it('reads NFD, AWD, CCD, TGC, DLV, DDL and FOH at an airport', () => {
    for (const code of ['NFD', 'AWD', 'DLV', 'DDL', 'FOH']) {
      expect(fsu(`${code}/03MAY2000/HEL/T3/NAME`).message.events[0]).toMatchObject({
        code,
        date: '03MAY',
        time: '2000',
        airport: 'HEL',
        name: 'NAME',
      });
    }
    for (const code of ['CCD', 'TGC']) expect(fsu(`${code}/18JUL2100/JFK/T12`).issues).toEqual([]);
  });

  it('reads CRC with the flight reported to customs and the OCI line after it', () => {
    const e = fsu('CRC/18JUL1400/LYS/T12/AF171/18JUL/YYZLYS\nOCI/FR/IMP/M/07FR9876AB88901235').message.events[0];
    expect(e?.customsFlight).toEqual({
      flight: { carrier: 'AF', number: '171' },
      date: '18JUL',
      origin: 'YYZ',
      destination: 'LYS',
    });
    expect(e?.oci).toEqual([{ country: 'FR', infoId: 'IMP', controlId: 'M', text: '07FR9876AB88901235' }]);
  });

  it('reads DIS with each discrepancy code and warns about an unknown code', () => {
    for (const code of Object.keys(DISCREPANCY_CODES)) {
      const r = fsu(`DIS/AF321/12JUN0930/LHR/${code}/T1`);
      expect(r.issues).toEqual([]);
      expect(r.message.events[0]?.discrepancy).toBe(code);
    }
    expect(codes(fsu('DIS//12JUN0930/LHR/XXXX/T1').issues)).toEqual(['BAD_CODE']);
  });

  it('attaches ULD lines to the status before them', () => {
    const e = fsu('DEP/SR172/24MAR/ZRHBKK/T1\nULD/AVM98676SR/PMC12345SR-M').message.events[0];
    expect(e?.ulds).toEqual([{ id: 'AVM98676SR' }, { id: 'PMC12345SR', loadingIndicator: 'M' }]);
  });

  it('reads an answer with OSI only (no record found) and consignments of several carriers', () => {
    expect(parseFsu(fixture('fsu-13-no-record.txt')).message).toMatchObject({
      consignment: { awb: '057-12345675' },
      events: [],
      osi: ['NO RECORD FOUND'],
    });
    const fsa = parseFsa(fixture('fsa-15-multi-carrier.txt')).message;
    expect(fsa.consignment.quantity).toEqual({ code: 'P', pieces: 20, totalPieces: 30 });
    expect(fsa.additional?.[0]?.events[0]?.code).toBe('TFD');
  });

  it('reports a status line without airport, and a message without any status', () => {
    expect(codes(errors(fsu('RCS/03NOV1615').issues))).toEqual(['MISSING_ELEMENT']);
    expect(codes(errors(parseFsu('FSU/15\n555-12345675SVOLED/T10\n').issues))).toEqual(['MISSING_LINE']);
  });

  it('reports dates and times that are not DDMMM and HHMM', () => {
    expect(codes(fsu('RCS/33NOV1615/SVO/T10').issues)).toEqual(['BAD_DATE']);
    expect(codes(fsu('BKD/SU1/05NOV/SVOLED/T10/X0900').issues)).toEqual(['BAD_TIME']);
  });

  it('writes the status lines back as received', () => {
    const text = fixture('fsu-15-all-status-codes.txt');
    expect(generateFsu(parseFsu(text).message)).toBe(text);
  });
});
