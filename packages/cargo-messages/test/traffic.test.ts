/** What real traffic brings beside the basic types: requests, old versions, OCI-only FSU, SSIM fragments, semantic checks. */
import { describe, expect, it } from 'vitest';
import {
  detect,
  type Fsu,
  parse,
  parseFbr,
  parseFfr,
  parseFhr,
  parseFsr,
  parseFsu,
  parseFwb,
  parseSsim,
  versionVerdict,
} from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('Cargo-IMP requests and advices', () => {
  it('detects each type with its version', () => {
    for (const [name, type] of [
      ['fwr-1-basic.txt', 'FWR'],
      ['fhr-1-two-houses.txt', 'FHR'],
      ['fbr-1-flight.txt', 'FBR'],
      ['fad-1-missing-cargo.txt', 'FAD'],
      ['fda-1-overcarried.txt', 'FDA'],
      ['fsr-1-one-awb.txt', 'FSR'],
      ['fvr-1-flight.txt', 'FVR'],
    ] as const) {
      expect(detect(fixture(name)), name).toEqual({ type, version: 1, envelope: false });
    }
  });

  it('FSR: every AWB line is a request; REF kept', () => {
    const { message, issues } = parseFsr(fixture('fsr-1-two-awbs.txt'));
    expect(issues).toEqual([]);
    expect(message.consignments.map((c) => [c.awb, c.origin, c.destination])).toEqual([
      ['555-23456786', 'SVO', 'LED'],
      ['555-34567890', undefined, undefined],
    ]);
    expect(message.references).toEqual(['LEDFFSU']);
  });

  it('FHR: house numbers belong to the AWB before them', () => {
    const { message } = parseFhr(fixture('fhr-1-two-houses.txt'));
    expect(message.consignments[0]?.houses).toEqual(['HWB001', 'HWB002']);
    expect(codes(parseFhr('FHR/1\nHBS/H1\n').issues)).toEqual(['MISSING_LINE', 'MISSING_LINE']);
  });

  it('FBR: flight lines with date and boarding point; a missing flight is an error', () => {
    const { message, issues } = parseFbr(fixture('fbr-1-two-flights.txt'));
    expect(issues).toEqual([]);
    expect(message.flights).toEqual([
      { flight: { carrier: 'SU', number: '1234' }, date: '05NOV', origin: 'SVO', destination: 'LED', line: 2 },
      { flight: { carrier: 'SU', number: '1236' }, date: '05NOV', origin: 'SVO', destination: 'LED', line: 3 },
    ]);
    expect(parseFbr('FBR/1\n').issues).toMatchObject([{ code: 'MISSING_LINE', severity: 'error' }]);
  });

  it('FAD: discrepancy lines read as in FSU, attached to the consignment', () => {
    const r = parse(fixture('fad-1-missing-cargo.txt'));
    expect(r.type).toBe('FAD');
    const m = r.message as ReturnType<typeof parseFsr>['message'];
    expect(m.consignments[0]?.events?.[0]).toMatchObject({ code: 'DIS', discrepancy: 'MSCA', airport: 'LED' });
    expect(m.osi).toEqual(['2 PCS MISSING ON ARRIVAL']);
  });

  it('keeps lines it does not model as raw with a warning, and reports a bad AWB', () => {
    const r = parse('FWR/1\n555-12345670\nXYZ/SOMETHING\n');
    expect(r.issues.map((i) => [i.line, i.code, i.severity])).toEqual([
      [2, 'AWB_CHECK_DIGIT', 'error'],
      [3, 'UNKNOWN_LINE', 'warning'],
    ]);
    expect((r.message as ReturnType<typeof parseFsr>['message']).raw).toContain('XYZ/SOMETHING');
  });
});

describe('older versions', () => {
  it('reports an unsupported version with a clear issue, never as unknown', () => {
    const r = parse('QK LEDFFSU\n.MOWRMSU 051230\nFFR/6\n555-12345675SVOLED/T2K40\nSU1234/05NOV/SVOLED/NN\n');
    expect(r.type).toBe('FFR');
    expect(r.version).toBe(6);
    expect(r.message).toBeNull();
    expect(r.issues).toEqual([
      {
        line: 3,
        column: 5,
        code: 'UNSUPPORTED_VERSION',
        severity: 'error',
        text: 'FFR version 6 is not supported; supported: 8',
      },
    ]);
  });

  it('reads compatible older versions with an OLD_FORMAT warning', () => {
    const text = fixture('ffm-8-bulk-and-uld.txt').replace('FFM/8', 'FFM/7');
    const r = parse(text);
    expect(r.type).toBe('FFM');
    expect(r.version).toBe(7);
    expect(r.message).not.toBeNull();
    expect(r.issues.filter((i) => i.code === 'OLD_FORMAT')).toEqual([
      {
        line: 1,
        column: 5,
        code: 'OLD_FORMAT',
        severity: 'warning',
        text: 'FFM version 7 read with the layout of version 8',
      },
    ]);
    expect(errors(r.issues)).toEqual([]);
  });

  it('reads the supported versions still in traffic without a version issue', () => {
    for (const name of [
      'fwb-16-positional-party-deviant.txt',
      'fhl-4-inline-party-deviant.txt',
      'fsu-14-oci-only.txt',
    ]) {
      const r = parse(fixture(name));
      expect(r.message, name).not.toBeNull();
      expect(codes(r.issues), name).not.toContain('UNSUPPORTED_VERSION');
    }
    expect(versionVerdict('FSU', 9)).toBe('unsupported');
    expect(versionVerdict('FWB', 18)).toBe('newer');
    expect(versionVerdict('FMA', 1)).toBe('unversioned');
  });
});

describe('FSU/FSA with only OCI customs lines', () => {
  it('is valid, with the OCI lines on the message', () => {
    const r = parse(fixture('fsu-14-oci-only.txt'));
    expect(r.issues).toEqual([]);
    const m = r.message as Fsu;
    expect(m.events).toEqual([]);
    expect(m.oci).toEqual([
      { country: 'US', infoId: 'ISS', controlId: 'RA', text: '00123-001-1234' },
      { country: 'US', infoId: 'IMP', controlId: 'M', text: 'US1234567890' },
    ]);
  });

  it('still needs something after the AWB line', () => {
    expect(parseFsu('FSU/14\n057-12345675CDGJFK/T2K20\n').issues).toMatchObject([
      { code: 'MISSING_LINE', severity: 'error' },
    ]);
  });
});

describe('SSIM fragment without header', () => {
  const recs = fixture('ssim-local-time.txt').split('\n');
  const legs = recs.filter((r) => r.startsWith('3') || r.startsWith('4'));

  it('is detected as SSIM and reported with MISSING_HEADER, legs kept', () => {
    const text = `${legs.join('\n')}\n`;
    expect(detect(text)).toEqual({ type: 'SSIM', version: null, envelope: false });
    const r = parse(text);
    expect(r.type).toBe('SSIM');
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => [i.line, i.code])).toEqual([
      [1, 'MISSING_HEADER'],
    ]);
    const m = parseSsim(text).message;
    expect(m.carriers).toEqual([]);
    expect(m.fragmentLegs?.map((l) => `${l.airline}${l.flightNumber}`)).toEqual(['SU1234', 'SU1234', 'SU1235']);
    expect(m.fragmentLegs?.[2]?.segments).toHaveLength(1);
  });

  it('a fragment starting at the carrier record is SSIM with the header reported missing', () => {
    const text = `${recs.filter((r) => /^[2-5]/.test(r)).join('\n')}\n`;
    expect(detect(text).type).toBe('SSIM');
    const r = parse(text);
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => i.text)).toEqual([
      'Header record (type 1) missing',
    ]);
    expect((r.message as ReturnType<typeof parseSsim>['message']).carriers[0]?.legs).toHaveLength(3);
  });

  it('a line that only starts with 3 is not SSIM', () => {
    expect(detect('3 apples and pears\n').type).toBeNull();
  });
});

describe('semantic checks', () => {
  const fwb = fixture('fwb-17-basic.txt');

  it('agent IATA code: 7 digits; 11 digits split into code and CASS address; other forms are errors', () => {
    const split = parseFwb(fwb.replace('AGT//1430288', 'AGT//14302881234'));
    expect(split.message.agent).toMatchObject({ iataCode: '1430288', cassAddress: '1234' });
    expect(split.issues.filter((i) => i.code === 'BAD_AGENT_CODE')).toMatchObject([{ line: 14, severity: 'warning' }]);
    const bad = parseFwb(fwb.replace('AGT//1430288', 'AGT//143A288/12'));
    expect(bad.issues.filter((i) => i.code === 'BAD_AGENT_CODE').map((i) => [i.line, i.column, i.severity])).toEqual([
      [14, 6, 'error'],
      [14, 14, 'error'],
    ]);
    const ffr = parseFfr(fixture('ffr-8-uld-ssr-osi.txt').replace(/\n$/, '\nCUS//12345\n'));
    expect(codes(ffr.issues)).toContain('BAD_AGENT_CODE');
  });

  it('zero or missing dimensions', () => {
    const r = parseFwb(fwb.replace('/2/ND//NDA', '/2/ND//CMT50-0-30/2\n/3/ND/K3.5//1'));
    expect(r.issues.filter((i) => i.code === 'BAD_DIMENSION').map((i) => [i.line, i.text])).toEqual([
      [20, 'Zero dimension: CMT50-0-30'],
      [21, 'Dimensions missing (NDA when no dimensions are available)'],
    ]);
  });

  it('charge totals that do not add up', () => {
    expect(parseFwb(fwb).issues.filter((i) => i.code === 'TOTALS_MISMATCH')).toEqual([]);
    const r = parseFwb(fwb.replace('PPD/WT800.00\n/CT800.00', 'PPD/WT800.00/VC10.00\n/OA25.00/CT830.00'));
    expect(r.issues.filter((i) => i.code === 'TOTALS_MISMATCH').map((i) => [i.line, i.severity, i.text])).toEqual([
      [21, 'warning', 'PPD total 830.00 differs from WT+VC+TX+OA+OC = 835.00'],
    ]);
    const rates = parseFwb(fwb.replace('PPD/WT800.00\n/CT800.00', 'PPD/WT700.00\n/CT700.00'));
    expect(rates.issues.filter((i) => i.code === 'TOTALS_MISMATCH').map((i) => i.text)).toEqual([
      'Weight charge 700.00 differs from the total of the rate lines (800.00)',
    ]);
    const oth = parseFwb(
      fwb.replace('PPD/WT800.00\n/CT800.00', 'OTH/P/MYC100.00AWA15.00\nPPD/WT800.00\n/OA15.00/OC90.00/CT905.00'),
    );
    expect(oth.issues.filter((i) => i.code === 'TOTALS_MISMATCH').map((i) => i.text)).toEqual([
      'PPD OC 90.00 differs from the sum of the OTH charges due carrier (100.00)',
    ]);
  });
});
