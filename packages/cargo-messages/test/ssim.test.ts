import { describe, expect, it } from 'vitest';
import {
  formatDays,
  generateAsm,
  generateSsim,
  generateSsm,
  isoToSsimDate,
  legTimesUtc,
  parseAsm,
  parseDays,
  parseSsim,
  parseSsm,
  ssimDateToIso,
} from '../src/index';
import { codes, errors, fixture } from './helpers';

describe('SSIM chapter 7 files', () => {
  it('reads header, carrier, flight leg, segment and trailer records', () => {
    const r = parseSsim(fixture('ssim-local-time.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message.title).toBe('AIRLINE STANDARD SCHEDULE DATA SET');
    const c = r.message.carriers[0];
    expect(c).toMatchObject({
      timeMode: 'L',
      airline: 'SU',
      season: 'W24',
      periodFrom: '2024-10-27',
      periodTo: '2025-03-29',
      scheduleStatus: 'P',
    });
    expect(c?.legs).toHaveLength(3);
    expect(c?.legs[2]?.segments).toEqual([
      {
        legSequence: 1,
        serviceType: 'F',
        boardPointIndicator: 'A',
        offPointIndicator: 'B',
        dei: 10,
        boardPoint: 'OVB',
        offPoint: 'SVO',
        data: 'AF 1235',
      },
    ]);
  });

  it('reads the leg columns: flight, itinerary variation, leg sequence, service type, period and days of operation', () => {
    const leg = parseSsim(fixture('ssim-local-time.txt')).message.carriers[0]?.legs[1];
    expect(leg).toMatchObject({
      airline: 'SU',
      flightNumber: 1234,
      itineraryVariation: 1,
      legSequence: 2,
      serviceType: 'F',
      daysOfOperation: [1, 3, 5],
      departureStation: 'LED',
      aircraftStd: '1200',
      departureUtcOffset: '+0300',
      arrivalStation: 'OVB',
      aircraftSta: '2330',
      arrivalUtcOffset: '+0700',
      aircraftType: '77X',
      aircraftConfiguration: 'CARGO',
    });
  });

  it('reads an open-ended period (00XXX00) as null, and the date variation', () => {
    const leg = parseSsim(fixture('ssim-local-time.txt')).message.carriers[0]?.legs[2];
    expect(leg?.periodTo).toBeNull();
    expect(leg?.dateVariation).toEqual({ departure: 1, arrival: 0 });
    expect(leg).toMatchObject({ onwardAirline: 'SU', onwardFlightNumber: '1236' });
  });

  it('converts local times to UTC with the station offsets, and keeps UTC-mode times', () => {
    const legs = parseSsim(fixture('ssim-local-time.txt')).message.carriers[0]?.legs ?? [];
    expect(legTimesUtc(legs[1] as never, 'L')).toEqual({
      departure: '0900',
      departureDayShift: 0,
      arrival: '1630',
      arrivalDayShift: 0,
    });
    expect(legTimesUtc(legs[2] as never, 'L')).toEqual({
      departure: '1830',
      departureDayShift: 0,
      arrival: '0000',
      arrivalDayShift: 0,
    });
    expect(legTimesUtc(legs[1] as never, 'U')).toMatchObject({ departure: '1200', arrival: '2330' });
  });

  it('reads CRLF records, warns about days that are not positional and about a broken serial sequence', () => {
    const r = parseSsim(fixture('ssim-utc-deviant.txt'));
    expect(errors(r.issues)).toEqual([]);
    expect(codes(r.issues)).toEqual(['BAD_ELEMENT', 'RECORD_SERIAL']);
    expect(r.message.carriers[0]?.timeMode).toBe('U');
    expect(r.message.carriers[0]?.legs[0]?.daysOfOperation).toEqual([1, 3, 5]);
  });

  it('reads a file without line breaks as consecutive 200-character records', () => {
    const text = fixture('ssim-local-time.txt').replace(/\n/g, '');
    expect(parseSsim(text).message).toEqual(parseSsim(fixture('ssim-local-time.txt')).message);
  });

  it('reports unknown record types and legs before any carrier', () => {
    const r = parseSsim(`9${' '.repeat(199)}\n3${' '.repeat(199)}`);
    expect(codes(errors(r.issues))).toEqual(['BAD_RECORD', 'MISSING_LINE', 'MISSING_LINE', 'MISSING_LINE']);
  });

  it('writes 200-column records in blocks of five with serial numbers and a trailer pointing at the last leg', () => {
    const text = generateSsim(parseSsim(fixture('ssim-local-time.txt')).message);
    const lines = text.trimEnd().split('\n');
    expect(lines.every((l) => l.length === 200)).toBe(true);
    expect(lines.length % 5).toBe(0);
    const trailer = lines.find((l) => l.startsWith('5')) ?? '';
    expect(trailer.slice(187, 194)).toBe('000006E');
    expect(trailer.slice(194)).toBe('000007');
  });

  it('converts SSIM dates and days of operation', () => {
    expect(ssimDateToIso('09JUN05')).toBe('2005-06-09');
    expect(ssimDateToIso('31FEB24')).toBeUndefined();
    expect(ssimDateToIso('01JAN99')).toBe('1999-01-01');
    expect(isoToSsimDate('2024-10-27')).toBe('27OCT24');
    expect(parseDays('1 3 56 ')).toEqual({ days: [1, 3, 5, 6], ok: true });
    expect(parseDays('135    ')).toEqual({ days: [1, 3, 5], ok: false });
    expect(formatDays([2, 7])).toBe(' 2    7');
  });
});

describe('SSM and ASM', () => {
  it('reads SSM NEW with sequence reference, XASM, period, equipment and legs with DEI', () => {
    const r = parseSsm(fixture('ssm-new-multi-leg.txt'));
    expect(r.issues).toEqual([]);
    expect(r.message.sequence).toBe('15OCT00001E001');
    expect(r.message.subMessages[0]).toEqual({
      action: 'NEW',
      actionDetails: 'XASM',
      flights: [{ airline: 'SU', number: '1234' }],
      periods: [{ from: '27OCT24', to: '29MAR25', days: [1, 3, 5] }],
      equipment: { serviceType: 'F', aircraftType: '77X' },
      legs: [
        { departure: 'SVO', std: '0600', arrival: 'LED', sta: '0730' },
        { departure: 'LED', std: '0900', arrival: 'OVB', sta: '1330', extra: '7/L' },
      ],
    });
  });

  it('reads SSM CNL with frequency rate, sub-messages separated by // and SI lines', () => {
    const m = parseSsm(fixture('ssm-new-multi-leg.txt')).message;
    expect(m.subMessages[1]).toEqual({
      action: 'CNL',
      flights: [{ airline: 'SU', number: '1240' }],
      periods: [{ from: '01NOV24', to: '15NOV24', days: [2], frequencyRate: 2 }],
    });
    expect(m.supplementary).toEqual(['CARGO ONLY', 'RELEASE WHEN CONFIRMED']);
  });

  it('reads SSM RPL in local time with configuration and an arrival date variation', () => {
    const m = parseSsm(fixture('ssm-rpl-local.txt')).message;
    expect(m.timeMode).toBe('LT');
    expect(m.subMessages[0]?.equipment).toEqual({ serviceType: 'H', aircraftType: '74Y', configuration: 'F' });
    expect(m.subMessages[0]?.legs?.[0]).toEqual({
      departure: 'NRT',
      std: '1130',
      arrival: 'ORD',
      sta: '0800',
      arrivalDateVariation: 1,
    });
  });

  it('reads ASM TIM and EQT with the flight date', () => {
    const m = parseAsm(fixture('asm-tim-eqt.txt')).message;
    expect(m.subMessages.map((s) => s.action)).toEqual(['TIM', 'EQT']);
    expect(m.subMessages[0]?.flights[0]).toEqual({ airline: 'SU', number: '1234', date: '15NOV24' });
    expect(m.subMessages[1]?.equipment).toEqual({ serviceType: 'F', aircraftType: '74Y' });
  });

  it('keeps a line it does not understand as raw, with a warning', () => {
    const r = parseAsm(fixture('asm-cnl-deviant.txt'));
    expect(r.message.subMessages[0]).toMatchObject({
      action: 'CNL',
      actionDetails: 'WEAT',
      flights: [{ date: '15NOV' }],
    });
    expect(r.message.raw).toEqual(['THIS LINE IS NOT UNDERSTOOD']);
    expect(codes(r.issues)).toEqual(['UNKNOWN_LINE']);
  });

  it('reports a missing time mode and a message without action', () => {
    expect(codes(errors(parseSsm('SSM\nNEW\nSU1\n').issues))).toEqual(['MISSING_LINE']);
    expect(codes(errors(parseAsm('ASM\nUTC\n').issues))).toEqual(['MISSING_LINE']);
  });

  it('writes SSM and ASM back line for line', () => {
    for (const name of ['ssm-new-multi-leg.txt', 'ssm-rpl-local.txt'])
      expect(generateSsm(parseSsm(fixture(name)).message)).toBe(fixture(name));
    expect(generateAsm(parseAsm(fixture('asm-tim-eqt.txt')).message)).toBe(fixture('asm-tim-eqt.txt'));
  });
});
