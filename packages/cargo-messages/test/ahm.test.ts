import { describe, expect, it } from 'vitest';
import { detect, generate, isGeneratable, parse, parseCpm, parseLdm, parseMvt, parseUcm } from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('MVT (AHM 780)', () => {
  it('reads flight, registration, station, AD with off-block/airborne, EA with destination, delays, pax, SI', () => {
    const r = parse(fixture('mvt-departure-delay.txt'));
    expect(r.type).toBe('MVT');
    expect(r.issues).toEqual([]);
    expect(r.message).toEqual({
      type: 'MVT',
      flight: { carrier: 'SU', number: '1234', day: 5 },
      registration: 'VPBWA',
      station: 'SVO',
      origin: 'SVO',
      destination: 'LED',
      movements: [
        { code: 'AD', times: [{ time: '0910' }, { time: '0925' }], line: 3 },
        { code: 'EA', times: [{ time: '1245' }], station: 'LED', line: 3 },
      ],
      delays: [{ codes: ['72', '15'], durations: ['0010', '0005'], line: 4 }],
      pax: { figures: [12, 136], total: 148 },
      si: ['CREW LATE FROM HOTEL'],
    });
  });

  it('reads a correction (COR before MVT), a DDMMM flight date and an arrival at the flight-line station', () => {
    expect(detect(fixture('mvt-arrival-cor.txt'))).toMatchObject({ type: 'MVT', version: null });
    const { message, issues } = parseMvt(fixture('mvt-arrival-cor.txt'));
    expect(issues).toEqual([]);
    expect(message.correction).toBe(true);
    expect(message.flight).toEqual({ carrier: 'SU', number: '1234', day: 5, date: '05NOV' });
    expect(message.destination).toBe('LED');
    expect(message.origin).toBeUndefined();
    expect(message.movements[0]).toMatchObject({ code: 'AA', times: [{ time: '1238' }, { time: '1246' }] });
  });

  it('reads DDHHMM times in ED and NI lines', () => {
    const { message, issues } = parseMvt('MVT\nBA0123/12.GBDXA.LHR\nED121015\nNI120945\n');
    expect(issues).toEqual([]);
    expect(message.movements).toEqual([
      { code: 'ED', times: [{ day: 12, time: '1015' }], line: 3 },
      { code: 'NI', times: [{ day: 12, time: '0945' }], line: 4 },
    ]);
    expect(message.origin).toBe('LHR');
  });

  it('reports bad times, delay codes, pax and unknown lines on their line', () => {
    const { message, issues } = parseMvt('MVT\nSU1234/05.VPBWA.SVO\nAD2510/0925\nDL7/0010\nPXABC\nXX HELLO\n');
    expect(issues.map((i) => [i.line, i.code, i.severity])).toEqual([
      [1, 'MISSING_LINE', 'error'],
      [3, 'BAD_TIME', 'error'],
      [4, 'BAD_CODE', 'error'],
      [4, 'MISSING_ELEMENT', 'error'],
      [5, 'BAD_NUMBER', 'error'],
      [6, 'UNKNOWN_LINE', 'warning'],
    ]);
    expect(message.raw).toEqual(['XX HELLO']);
  });

  it('reports a flight line it cannot read', () => {
    const { issues } = parseMvt('MVT\nSU1234.VPBWA.SVO\nAD0910/0925\n');
    expect(issues[0]).toMatchObject({ line: 2, code: 'BAD_ELEMENT', severity: 'error' });
  });
});

describe('LDM (AHM 583)', () => {
  it('reads flight line, destinations with pax, total and compartment weights, PAX/PAD, SI', () => {
    const r = parse(fixture('ldm-two-destinations.txt'));
    expect(r.type).toBe('LDM');
    expect(r.issues).toEqual([]);
    const m = r.message as ReturnType<typeof parseLdm>['message'];
    expect(m.flight).toEqual({ carrier: 'SU', number: '1234', day: 5 });
    expect(m).toMatchObject({ registration: 'VPBWA', configuration: 'C12Y146', crew: '2/4' });
    expect(m.destinations.map((d) => [d.destination, d.pax, d.totalWeight])).toEqual([
      ['LED', [100, 2, 1], 1250],
      ['KJA', [20, 0, 0], 300],
    ]);
    expect(m.destinations[0]?.compartments).toEqual([
      { compartment: '1', weight: 500 },
      { compartment: '2', weight: 600 },
      { compartment: '3', weight: 150 },
    ]);
    expect(m.destinations[0]?.paxByClass).toEqual([12, 91]);
    expect(m.si).toEqual(['SVO FRE 950 POS 300 BAG 300 TRA 0']);
  });

  it('joins a continuation line starting with a dot to its destination', () => {
    const { message, issues } = parseLdm(fixture('ldm-continuation.txt'));
    expect(issues).toEqual([]);
    expect(message.destinations).toHaveLength(1);
    expect(message.destinations[0]?.compartments.map((c) => c.compartment)).toEqual(['1', '3', '4']);
    expect(message.destinations[0]?.padByClass).toEqual([0, 2]);
  });

  it('warns when compartment weights do not add up to the total, errors on bad numbers', () => {
    const { issues } = parseLdm('LDM\nSU1234/05.VPBWA.Y158.2/4\n-LED.1O0/0/0.T900.1/500.2/300\n');
    expect(issues.map((i) => [i.line, i.code, i.severity])).toEqual([
      [3, 'BAD_NUMBER', 'warning'],
      [3, 'BAD_NUMBER', 'error'],
    ]);
    expect(issues[0]?.text).toContain('800');
  });

  it('needs at least one destination line', () => {
    expect(codes(parseLdm('LDM\nSU1234/05.VPBWA.Y158.2/4\n').issues)).toEqual(['MISSING_LINE']);
  });
});

describe('CPM (AHM 587)', () => {
  it('reads positions with ULD, destination, weight and category, N positions and bulk', () => {
    const r = parse(fixture('cpm-basic.txt'));
    expect(r.type).toBe('CPM');
    expect(r.issues).toEqual([]);
    const m = r.message as ReturnType<typeof parseCpm>['message'];
    expect(m.station).toBe('SVO');
    expect(m.positions).toEqual([
      { position: '11P', uld: 'PMC12345SU', destination: 'LED', weight: 2310, category: 'C', line: 3 },
      { position: '21L', uld: 'AKE23456SU', destination: 'LED', weight: 650, category: 'B', line: 4 },
      { position: '21R', uld: 'AKE34567SU', destination: 'KJA', weight: 0, category: 'X', line: 4 },
      { position: '41', empty: true, line: 5 },
      { position: '51', destination: 'LED', weight: 320, category: 'BY', line: 6 },
    ]);
  });

  it('keeps special load codes after the category as remarks', () => {
    const { message, issues } = parseCpm(fixture('cpm-freighter-shc.txt'));
    expect(issues).toEqual([]);
    expect(message.flight).toEqual({ carrier: 'LH', number: '8400', day: 27, date: '27NOV' });
    expect(message.positions[0]?.remarks).toEqual(['AVI']);
  });

  it('reports a bad ULD id, destination and weight with their columns', () => {
    const { issues } = parseCpm('CPM\nSU1234/05.VPBWA.SVO\n-11P/PMC1SU/LED/2310/C\n-12P/PMC12345SU/L3D/12X/C\n');
    expect(issues.map((i) => [i.line, i.column, i.code])).toEqual([
      [3, 6, 'BAD_ELEMENT'],
      [4, 17, 'BAD_CODE'],
      [4, 21, 'BAD_NUMBER'],
    ]);
  });
});

describe('UCM (AHM 388)', () => {
  it('reads IN and OUT lists with stations and codes', () => {
    const r = parse(fixture('ucm-in-out.txt'));
    expect(r.type).toBe('UCM');
    expect(r.issues).toEqual([]);
    const m = r.message as ReturnType<typeof parseUcm>['message'];
    expect(m.station).toBe('LED');
    expect(m.in.map((u) => [u.id, u.station, u.codes])).toEqual([
      ['PMC12345SU', 'SVO', undefined],
      ['AKE23456SU', 'SVO', ['X']],
    ]);
    expect(m.out.map((u) => u.id)).toEqual(['PMC54321SU', 'AKE11111SU']);
  });

  it('reads items on the IN line and OUT.N as none', () => {
    const { message, issues } = parseUcm(fixture('ucm-inline-nil.txt'));
    expect(issues).toEqual([]);
    expect(message.in).toHaveLength(2);
    expect(message.out).toEqual([]);
  });

  it('reports a bad ULD id and a missing OUT section', () => {
    const { issues } = parseUcm('UCM\nSU1234/05.VPBWA.LED\nIN\n.PMC1SU/SVO\n');
    expect(issues.map((i) => [i.line, i.code, i.severity])).toEqual([
      [1, 'MISSING_LINE', 'warning'],
      [4, 'BAD_ELEMENT', 'error'],
    ]);
  });
});

describe('AHM in the dispatcher', () => {
  it('detects the four types, also inside a Type B envelope, and keeps line numbers', () => {
    const r = parse(`QU MOWKLSU\n.LEDKLSU 051012\n${fixture('mvt-departure-delay.txt')}`);
    expect(r.type).toBe('MVT');
    expect(r.envelope?.origin).toBe('LEDKLSU');
    const bad = parse('QU MOWKLSU\n.LEDKLSU 051012\nMVT\nSU1234/05.VPBWA.SVO\nAD25\n');
    expect(bad.issues.find((i) => i.code === 'BAD_TIME')?.line).toBe(5);
  });

  it('is parse-only: generate refuses the model', () => {
    const m = parse(fixture('cpm-basic.txt')).message;
    expect(m).not.toBeNull();
    if (!m) return;
    expect(isGeneratable(m)).toBe(false);
    expect(() => generate(m)).toThrow(/parse-only/);
  });

  it('never throws on an empty or header-only AHM text', () => {
    for (const t of ['MVT', 'LDM\n', 'CPM\n\n', 'UCM', 'COR']) {
      const r = parse(t);
      expect(errors(r.issues).length, t).toBeGreaterThan(0);
    }
  });
});

describe('AHM variants seen in traffic', () => {
  it('UCM: a return flight number and a year on the flight line, empty station elements, an id without owner', () => {
    const { message, issues } = parseUcm(fixture('ucm-return-flight-no-owner.txt'));
    expect(message.flight).toEqual({ carrier: 'PK', number: '719', day: 26, date: '26JUN' });
    expect(message).toMatchObject({ registration: 'APBGL', station: 'IAH' });
    expect(message.in).toHaveLength(6);
    expect(message.in[0]).toEqual({ id: 'AKE2592PK', codes: ['B'], line: 4 });
    expect(message.out.map((u) => u.id)).toEqual(['PAJ3232PK', 'PAJ3729PK', 'PAJ3425', 'AKE2968PK', 'AKE2956PK']);
    expect(issues).toEqual([
      { line: 8, column: 28, code: 'MISSING_ELEMENT', severity: 'warning', text: 'ULD owner missing: PAJ3425' },
    ]);
  });

  it('UCM: a flight line with the station only and items after IN on the same line', () => {
    const { message, issues } = parseUcm('UCM\nCX893/12.HKG\nIN AKE12642CX.AKE12384CX\nOUT\n.AKE14101CX/KHI\n');
    expect(issues).toEqual([]);
    expect(message.registration).toBeUndefined();
    expect(message.station).toBe('HKG');
    expect(message.in.map((u) => u.id)).toEqual(['AKE12642CX', 'AKE12384CX']);
    expect(message.out).toEqual([{ id: 'AKE14101CX', station: 'KHI', line: 5 }]);
  });

  it('MVA, the aircraft-initiated MVT, is read as MVT', () => {
    const r = parse('MVA\nLH0400/27.DAIMA.FRA\nAD1012/1024 EA1905 JFK\n');
    expect(r.type).toBe('MVT');
    expect(r.issues).toEqual([]);
    expect(r.message).toMatchObject({ aircraftInitiated: true, origin: 'FRA', destination: 'JFK' });
  });
});
