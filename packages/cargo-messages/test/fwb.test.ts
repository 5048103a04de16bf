import { describe, expect, it } from 'vitest';
import { generateFwb, parseFwb } from '../src/index';
import { codes, errors, fixture } from './helpers';

const head = 'FWB/17\n777-12345675BOMSUV/T1K3.5\n';
const tail =
  'RTG/SUVII\nSHP\nNAM/SHIPPER\nLOC/MUMBAI\n/IN\nCNE\nNAM/CONSIGNEE\nLOC/SUVA\n/FJ\nCVD/INR//PP/NVD/NCV/XXX\nRTD/1/P1/K3.5\nISU/01OCT06/MUMBAI\n';
const fwb = (extra = '') => parseFwb(head + extra + tail);

describe('FWB', () => {
  it('reads the AWB consignment line: number, origin, destination, pieces, weight and volume', () => {
    const r = parseFwb(`FWB/17\n933-34502720HKGORD/T110K1978MC0.67\n${tail}`);
    expect(r.message).toMatchObject({
      awb: '933-34502720',
      origin: 'HKG',
      destination: 'ORD',
      pieces: 110,
      weight: { unit: 'K', value: 1978 },
      volume: { unit: 'MC', value: 0.67 },
    });
    expect(errors(r.issues)).toEqual([]);
  });

  it('reports a wrong AWB check digit with the severity the caller chooses', () => {
    const text = `FWB/17\n777-12345676BOMSUV/T1K3.5\n${tail}`;
    expect(parseFwb(text).issues.find((i) => i.code === 'AWB_CHECK_DIGIT')?.severity).toBe('error');
    expect(
      parseFwb(text, { checkDigitSeverity: 'warning' }).issues.find((i) => i.code === 'AWB_CHECK_DIGIT'),
    ).toMatchObject({
      severity: 'warning',
      line: 2,
      column: 12,
    });
  });

  it('reads FLT flights with their day, also on a continuation line', () => {
    expect(fwb('FLT/DL8226E/08/DL014/09\n/SU100/10\n').message.flights).toEqual([
      { carrier: 'DL', number: '8226E', day: '08' },
      { carrier: 'DL', number: '014', day: '09' },
      { carrier: 'SU', number: '100', day: '10' },
    ]);
  });

  it('reads RTG routing as airport and carrier pairs', () => {
    const r = parseFwb(head + tail.replace('RTG/SUVII', 'RTG/MIAII/LAXYY/NRTZZ'));
    expect(r.message.routing).toEqual([
      { airport: 'MIA', carrier: 'II' },
      { airport: 'LAX', carrier: 'YY' },
      { airport: 'NRT', carrier: 'ZZ' },
    ]);
  });

  it('reads SHP with account, two NAM lines, two ADR lines, LOC and the coded location with contacts', () => {
    const r = parseFwb(
      `${head}RTG/SUVII\nSHP/ACC1\nNAM/FIRST NAME\n/SECOND NAME\nADR/STREET 1\n/STREET 2\nLOC/DALLAS/TX\n/US/75261/TE/123/FX/456\n` +
        'CNE\nNAM/C\nLOC/SUVA\nCVD/INR//PP/NVD/NCV/XXX\nRTD/1/P1\nISU/01OCT06/MUMBAI\n',
    );
    expect(r.message.shipper).toEqual({
      account: 'ACC1',
      name: ['FIRST NAME', 'SECOND NAME'],
      address: ['STREET 1', 'STREET 2'],
      place: 'DALLAS',
      state: 'TX',
      country: 'US',
      postcode: '75261',
      contacts: [
        { id: 'TE', number: '123' },
        { id: 'FX', number: '456' },
      ],
    });
  });

  it('reads CNE and NFY blocks in the older positional format with a warning', () => {
    const r = parseFwb(fixture('fwb-16-positional-party-deviant.txt'));
    expect(r.message.consignee).toMatchObject({
      name: ['SEKO SYNERGY GMBH'],
      place: 'FRANKFURT',
      state: 'HE',
      country: 'DE',
    });
    expect(r.message.notify).toMatchObject({ name: ['MR ALSO NOTIFY'], address: ['NOTIFY ADDRESS'], country: 'KR' });
    expect(codes(r.issues)).toContain('OLD_FORMAT');
  });

  it('reads AGT: account, IATA code, CASS address, participant, name and place', () => {
    expect(fwb('AGT//1330222/0002/CAG\n/CARGOHOLIC LIMITED\n/HKG\n').message.agent).toEqual({
      iataCode: '1330222',
      cassAddress: '0002',
      participantId: 'CAG',
      name: 'CARGOHOLIC LIMITED',
      place: 'HKG',
    });
  });

  it('reads SSR, OSI and ACC lines', () => {
    const m = fwb('SSR/KEEP COOL\n/DO NOT STACK\nACC/GEN/SPOT  1208\n/CRN/REF 2\n').message;
    expect(m.ssr).toEqual(['KEEP COOL', 'DO NOT STACK']);
    expect(m.accounting).toEqual([
      { identifier: 'GEN', text: 'SPOT  1208' },
      { identifier: 'CRN', text: 'REF 2' },
    ]);
  });

  it('reads CVD with and without the charge code, and declared values other than NVD/NCV/XXX', () => {
    const a = parseFwb(head + tail.replace('CVD/INR//PP/NVD/NCV/XXX', 'CVD/USD/PX/CC/1000.50/NCV/250')).message.charges;
    expect(a).toEqual({
      currency: 'USD',
      chargeCode: 'PX',
      weightValuation: 'C',
      other: 'C',
      carriageValue: '1000.50',
      insurance: '250',
    });
    const b = parseFwb(head + tail).message.charges;
    expect(b).toEqual({ currency: 'INR', weightValuation: 'P', other: 'P' });
  });

  it('reads RTD rate lines with NG, NC, ND, NV, NU, NS, NH and NO goods data', () => {
    const rtd =
      'RTD/1/P10/K500/CQ/SN100/W500/R2.50/T1250.00\n/NG/MACHINE PARTS\n/2/NC/CONSOLIDATION\n/3/ND/K10/CMT40-30-20/2\n' +
      '/4/ND//NDA\n/5/NV/MC0.57\n/6/NU/PMC12541ET\n/7/NS/18\n/8/NH/847990\n/9/NO/AU\n';
    const r = parseFwb(head + tail.replace('RTD/1/P1/K3.5\n', rtd));
    expect(errors(r.issues)).toEqual([]);
    expect(r.message.rates).toEqual([
      {
        lineNo: 1,
        pieces: 10,
        weight: { unit: 'K', value: 500 },
        rateClass: 'Q',
        commodityItem: 'N100',
        chargeableWeight: 500,
        rate: '2.50',
        total: '1250.00',
        goods: [{ kind: 'NG', text: 'MACHINE PARTS' }],
      },
      { lineNo: 2, goods: [{ kind: 'NC', text: 'CONSOLIDATION' }] },
      {
        lineNo: 3,
        goods: [
          {
            kind: 'ND',
            dimension: {
              weight: { unit: 'K', value: 10 },
              size: { unit: 'CMT', length: 40, width: 30, height: 20 },
              pieces: 2,
            },
          },
        ],
      },
      { lineNo: 4, goods: [{ kind: 'ND', dimension: {} }] },
      { lineNo: 5, goods: [{ kind: 'NV', volume: { unit: 'MC', value: 0.57 } }] },
      { lineNo: 6, goods: [{ kind: 'NU', uld: 'PMC12541ET' }] },
      { lineNo: 7, goods: [{ kind: 'NS', slac: 18 }] },
      { lineNo: 8, goods: [{ kind: 'NH', hsCode: '847990' }] },
      { lineNo: 9, goods: [{ kind: 'NO', country: 'AU' }] },
    ]);
  });

  it('reads OTH other charges one per line or packed three to a line', () => {
    const m = fwb('OTH/P/SOC2779.5CGC168MYC26703\n/C/AWA13\n').message;
    expect(m.otherCharges).toEqual([
      { pc: 'P', code: 'SO', entitlement: 'C', amount: '2779.5' },
      { pc: 'P', code: 'CG', entitlement: 'C', amount: '168' },
      { pc: 'P', code: 'MY', entitlement: 'C', amount: '26703' },
      { pc: 'C', code: 'AW', entitlement: 'A', amount: '13' },
    ]);
  });

  it('reads PPD and COL charge summaries over two lines', () => {
    const m = fwb('PPD/WT189116.58/VC0/TX0\n/OA0/OC29663.5/CT218780.08\nCOL/WT10\n/CT10\n').message;
    expect(m.prepaid).toEqual({
      weight: '189116.58',
      valuation: '0',
      taxes: '0',
      dueAgent: '0',
      dueCarrier: '29663.5',
      total: '218780.08',
    });
    expect(m.collect).toEqual({ weight: '10', total: '10' });
  });

  it('reads CER, ISU, CDC, REF, COR, SPH, SRI and OCI lines', () => {
    const m = parseFwb(fixture('fwb-17-collect-multi-rate.txt')).message;
    expect(m.certification).toBe('OOO AEROEXPORT');
    expect(m.issue).toEqual({ date: '10MAR25', place: 'MOSCOW', signature: 'I PETROV' });
    expect(m.destinationCurrency).toEqual({
      currency: 'CNY',
      rate: '7.1234',
      ccCharges: '10100.00',
      chargesAtDestination: '0',
      totalCollect: '10100.00',
    });
    expect(m.customsOrigin).toBe('X');
    expect(m.shipmentReference).toEqual({ reference: 'ABCD-12345', info1: 'PRIORITY' });
    const r = parseFwb(fixture('fwb-16-positional-party-deviant.txt')).message;
    expect(r.reference).toEqual({
      fileReference: 'C00141929',
      participantId: 'FFW',
      participantCode: 'CWIDTEST',
      participantAirport: 'DFW',
    });
    expect(r.shc).toEqual(['NSC', 'EAW', 'PEF', 'SCO']);
    expect(r.oci?.slice(0, 3)).toEqual([
      { country: 'AU', infoId: 'ISS', controlId: 'RA', text: 'RANUM123' },
      { controlId: 'ED', text: '0115' },
      { infoId: 'OSS', controlId: 'RA', text: 'GLUBBLE' },
    ]);
  });

  it('keeps an unknown optional line as raw and writes it back', () => {
    const r = parseFwb(fixture('fwb-17-collect-multi-rate.txt'));
    expect(r.message.raw).toEqual(['XYZ/AN UNKNOWN OPTIONAL LINE']);
    expect(codes(r.issues)).toContain('UNKNOWN_LINE');
    expect(generateFwb(r.message)).toContain('XYZ/AN UNKNOWN OPTIONAL LINE\n');
  });

  it('reports each missing mandatory line as an error', () => {
    const r = parseFwb('FWB/17\n777-12345675BOMSUV/T1K3.5\n');
    expect(errors(r.issues).map((i) => i.text)).toEqual([
      'Mandatory RTG line (routing) missing',
      'Mandatory SHP line (shipper) missing',
      'Mandatory CNE line (consignee) missing',
      'Mandatory CVD line (charge declarations) missing',
      'Mandatory RTD line (rate description) missing',
      'Mandatory ISU line (carrier execution) missing',
    ]);
  });

  it('tolerates trailing blanks, empty elements, CRLF and a missing final newline', () => {
    const text = `${head}RTG/SUVII   \r\nSPH/EAW//GEN\r\n${tail.slice(10).replace(/\n/g, '\r\n').trimEnd()}`;
    const r = parseFwb(text);
    expect(errors(r.issues)).toEqual([]);
    expect(r.message.shc).toEqual(['EAW', 'GEN']);
  });

  it('writes version 16 and 17 with NAM, ADR and LOC lines', () => {
    const m = parseFwb(fixture('fwb-16-positional-party-deviant.txt')).message;
    const text = generateFwb(m);
    expect(text.startsWith('FWB/16\n006-96667465DFWFRA/T4K245\n')).toBe(true);
    expect(text).toContain(
      'SHP\nNAM/SEKO WORLDWIDE LLC - DALLAS\nADR/1840 W.AIRFIELD DRIVE  100\nLOC/DFW AIRPORT/TX\n/US/75261/TE/19725748283\n',
    );
    expect(generateFwb({ ...m, version: 17 }).startsWith('FWB/17\n')).toBe(true);
  });
});
