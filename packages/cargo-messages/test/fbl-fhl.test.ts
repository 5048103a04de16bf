import { describe, expect, it } from 'vitest';
import { generateFbl, generateFhl, parseFbl, parseFhl } from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('FBL', () => {
  it('reads booked consignments with SHC, DIM, consignment origin, ULD, SSR and OSI', () => {
    const r = parseFbl(fixture('fbl-4-basic.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message.header).toEqual({
      flight: { carrier: 'SU', number: '2578' },
      date: '14MAR',
      loadingAirport: 'SVO',
      registration: 'RA-73190',
    });
    expect(r.message.unloading[0]?.consignments[0]).toEqual({
      awb: '555-12345675',
      origin: 'SVO',
      destination: 'LED',
      quantity: { code: 'T', pieces: 5, weight: { unit: 'K', value: 46 }, volume: { unit: 'MC', value: 0.12 } },
      description: 'NEWSPAPERS',
      shc: ['PER', 'EAW'],
      dims: [{ weight: { unit: 'K', value: 46 }, size: { unit: 'CMT', length: 40, width: 30, height: 20 }, pieces: 5 }],
      bookingOrigin: {
        agent: 'SPEEDAIR',
        inboundFlight: { carrier: 'SU', number: '1402' },
        inboundDate: '13MAR',
        inboundAirport: 'AER',
        priority: 'X',
      },
      ulds: { count: 1, ulds: [{ id: 'PMC98669SU', weight: { unit: 'K', value: 400 } }] },
      ssr: ['KEEP DRY'],
      osi: ['CONSIGNEE WILL COLLECT AT ARRIVAL'],
    });
    expect(r.message.unloading[1]).toEqual({ airport: 'MRV', nil: true, consignments: [] });
  });

  it('reads consignment lines that give only the destination, and keeps unknown lines raw', () => {
    const r = parseFbl(fixture('fbl-3-no-origin-deviant.txt'));
    expect(r.message.unloading[0]?.consignments[0]).toMatchObject({ awb: '057-76215436', destination: 'JFK' });
    expect(r.message.unloading[0]?.consignments[2]?.raw).toEqual(['XYZ/UNKNOWN OPTIONAL LINE']);
    expect(errors(r.issues)).toEqual([]);
  });

  it('writes the list with sequence 1 and LAST', () => {
    const text = generateFbl(parseFbl(fixture('fbl-4-basic.txt')).message);
    expect(text.split('\n').slice(0, 2)).toEqual(['FBL/4', '1/SU2578/14MAR/SVO/RA-73190']);
    expect(text.endsWith('MRV/NIL\nLAST\n')).toBe(true);
  });
});

describe('FHL', () => {
  it('reads MBI and a check-list of HBS lines with SLAC, description and SHC', () => {
    const r = parseFhl(fixture('fhl-5-checklist.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message.master).toEqual({
      awb: '220-12345675',
      origin: 'FRA',
      destination: 'JFK',
      pieces: 1234,
      weight: { unit: 'K', value: 10000 },
    });
    expect(r.message.houses[2]).toEqual({
      hawb: '33AA13131313',
      origin: 'FRA',
      destination: 'ORD',
      pieces: 34,
      weight: { unit: 'K', value: 200 },
      description: 'SCREWS',
      shc: ['VAL'],
    });
  });

  it('reads TXT, HTS, OCI and the SHP, CNE and CVD of a house', () => {
    const m = parseFhl(fixture('fhl-5-house-details.txt')).message;
    expect(m.houses[0]).toMatchObject({
      slac: 4,
      freeText: ['MODEL 3 MEMORY BOARDS AND OTHER ASSORTED PARTS'],
      hsCodes: ['847330', '847160'],
      oci: [{ country: 'US', infoId: 'SHP', controlId: 'T', text: 'XYZ2233' }],
    });
    expect(m.shipper?.contacts).toEqual([{ id: 'FX', number: '651234567' }]);
    expect(m.charges).toEqual({ currency: 'SGD', weightValuation: 'P', other: 'P' });
  });

  it('reads FHL/4 parties with the name on the SHP line', () => {
    const r = parseFhl(fixture('fhl-4-inline-party-deviant.txt'));
    expect(r.message.shipper).toMatchObject({
      name: ['ASIAHUB INTL TRADING LTD'],
      place: 'HONG KONG',
      state: 'HK',
      country: 'HK',
      postcode: '99999',
    });
    expect(codes(r.issues)).toEqual(['OLD_FORMAT', 'OLD_FORMAT']);
  });

  it('reports a missing MBI line and a list without HBS', () => {
    expect(errors(parseFhl('FHL/5\n').issues).map((i) => i.text)).toEqual([
      'Mandatory MBI line (master AWB) missing',
      'No HBS line (house waybill)',
    ]);
  });

  it('writes CVD without charge code', () => {
    expect(generateFhl(parseFhl(fixture('fhl-5-house-details.txt')).message)).toContain('\nCVD/SGD/PP/NVD/NCV/XXX\n');
  });
});
