import { utcToLocal } from '@aircargo/domain/time';
import { describe, expect, it } from 'vitest';
import { expandRegular, expandSsimLeg, operatingDates, ScheduleError } from '../src/expand';
import { expandSsim } from '../src/ssim';
import { leg, ssimText, ZONES } from './fixtures';

describe('operating dates', () => {
  it('keeps the days of operation and every n-th week from the period start', () => {
    // 2026-03-02 is a Monday.
    expect(operatingDates('2026-03-02', '2026-03-15', [1, 3])).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-09',
      '2026-03-11',
    ]);
    expect(operatingDates('2026-03-02', '2026-03-31', [1], 2)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
    expect(operatingDates('2026-03-02', '2026-03-31', [1], 1, { from: '2026-03-10', to: '2026-03-20' })).toEqual([
      '2026-03-16',
    ]);
  });
});

describe('SSIM leg expansion', () => {
  it('applies the record UTC variations in local time mode', () => {
    const legs = expandSsimLeg(leg({ periodFrom: '2026-03-02', periodTo: '2026-03-03' }), 'L');
    expect(legs.map((l) => [l.date, l.std, l.sta])).toEqual([
      ['2026-03-02', '2026-03-02T07:00:00Z', '2026-03-02T12:00:00Z'],
      ['2026-03-03', '2026-03-03T07:00:00Z', '2026-03-03T12:00:00Z'],
    ]);
    expect(legs[0]).toMatchObject({ carrier: 'SU', number: 100, suffix: '', legSequence: 1, serviceType: 'F' });
  });

  it('arrives on the next local date when the record says so (eastward overnight)', () => {
    const l = leg({
      periodFrom: '2026-03-02',
      periodTo: '2026-03-02',
      aircraftStd: '2200',
      aircraftSta: '0600',
      dateVariation: { departure: 0, arrival: 1 },
    });
    const [d] = expandSsimLeg(l, 'L');
    expect(d?.std).toBe('2026-03-02T19:00:00Z');
    expect(d?.sta).toBe('2026-03-03T01:00:00Z');
    expect(utcToLocal(d?.sta as string, ZONES.ALA)).toBe('2026-03-03T06:00');
  });

  it('takes UTC times as they are in UTC mode', () => {
    const [d] = expandSsimLeg(leg({ periodFrom: '2026-03-02', periodTo: '2026-03-02' }), 'U');
    expect([d?.std, d?.sta]).toEqual(['2026-03-02T10:00:00Z', '2026-03-02T17:00:00Z']);
  });
});

describe('regular definitions across DST', () => {
  const base = {
    carrier: 'SU',
    number: 2400,
    serviceType: 'F',
    aircraftType: '77F',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
  };

  it('moves a 02:30 departure on the spring-forward night forward by the gap and says so', () => {
    // Europe/Berlin: 2026-03-29 02:00 -> 03:00.
    const r = expandRegular(
      {
        ...base,
        from: '2026-03-28',
        to: '2026-03-30',
        legs: [{ origin: 'FRA', destination: 'SVO', departure: '02:30', arrival: '08:30' }],
      },
      ZONES,
    );
    expect(r.rejected).toEqual([]);
    expect(r.legs.map((l) => l.std)).toEqual([
      '2026-03-28T01:30:00Z',
      '2026-03-29T01:30:00Z', // 02:30 does not exist; 03:30 CEST is 01:30 UTC
      '2026-03-30T00:30:00Z',
    ]);
    expect(r.adjusted).toEqual([
      {
        date: '2026-03-29',
        legSequence: 1,
        point: 'departure',
        local: '2026-03-29T02:30',
        zone: 'Europe/Berlin',
        kind: 'gap',
        resolution: 'forward',
        utc: '2026-03-29T01:30:00Z',
      },
    ]);
    // The same instant in local and UTC views.
    expect(utcToLocal(r.legs[1]?.std as string, 'Europe/Berlin')).toBe('2026-03-29T03:30');
  });

  it('refuses that flight date when asked to reject gaps, keeping the others', () => {
    const r = expandRegular(
      {
        ...base,
        from: '2026-03-28',
        to: '2026-03-30',
        legs: [{ origin: 'FRA', destination: 'SVO', departure: '02:30', arrival: '08:30' }],
      },
      ZONES,
      { gap: 'reject' },
    );
    expect(r.legs.map((l) => l.date)).toEqual(['2026-03-28', '2026-03-30']);
    expect(r.rejected).toEqual([
      {
        date: '2026-03-29',
        reason: 'departure of leg 1 at 2026-03-29T02:30 does not exist in Europe/Berlin (clocks move forward)',
      },
    ]);
    expect(r.adjusted[0]?.resolution).toBe('rejected');
  });

  it('takes the first occurrence of 02:30 on the fall-back night', () => {
    // Europe/Berlin: 2026-10-25 03:00 CEST -> 02:00 CET; 02:30 happens twice.
    const r = expandRegular(
      {
        ...base,
        from: '2026-10-24',
        to: '2026-10-26',
        legs: [{ origin: 'FRA', destination: 'LHR', departure: '02:30', arrival: '03:15' }],
      },
      ZONES,
    );
    expect(r.legs.map((l) => [l.std, l.sta])).toEqual([
      ['2026-10-24T00:30:00Z', '2026-10-24T02:15:00Z'],
      ['2026-10-25T00:30:00Z', '2026-10-25T03:15:00Z'],
      ['2026-10-26T01:30:00Z', '2026-10-26T03:15:00Z'],
    ]);
    expect(r.adjusted).toMatchObject([{ date: '2026-10-25', kind: 'overlap', resolution: 'earlier' }]);
    expect(utcToLocal('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
  });

  it('lands an eastward overnight flight on the next local date and chains legs', () => {
    const r = expandRegular(
      {
        ...base,
        from: '2026-03-02',
        to: '2026-03-02',
        legs: [
          { origin: 'SVO', destination: 'NQZ', departure: '22:00', arrival: '05:00' },
          { origin: 'NQZ', destination: 'ALA', departure: '07:00', arrival: '08:40' },
        ],
      },
      ZONES,
    );
    expect(r.legs.map((l) => [l.legSequence, l.std, l.sta, l.dateVariation])).toEqual([
      [1, '2026-03-02T19:00:00Z', '2026-03-03T00:00:00Z', { departure: 0, arrival: 1 }],
      [2, '2026-03-03T02:00:00Z', '2026-03-03T03:40:00Z', { departure: 1, arrival: 1 }],
    ]);
  });

  it('refuses unknown airports and broken chains', () => {
    const def = { ...base, from: '2026-03-02', to: '2026-03-02' };
    expect(() =>
      expandRegular(
        { ...def, legs: [{ origin: 'XXX', destination: 'SVO', departure: '10:00', arrival: '11:00' }] },
        ZONES,
      ),
    ).toThrow(ScheduleError);
    expect(() =>
      expandRegular(
        {
          ...def,
          legs: [
            { origin: 'SVO', destination: 'NQZ', departure: '10:00', arrival: '11:00' },
            { origin: 'ALA', destination: 'SVO', departure: '12:00', arrival: '13:00' },
          ],
        },
        ZONES,
      ),
    ).toThrow(/must depart from NQZ/);
  });
});

describe('SSIM file expansion', () => {
  it('imports the good records and reports broken ones with their line numbers', () => {
    const text = ssimText([
      leg({ flightNumber: 1, periodFrom: '2026-03-02', periodTo: '2026-03-08' }),
      leg({ flightNumber: 2, periodFrom: '2026-03-02', periodTo: '2026-03-08' }),
      leg({ flightNumber: 3, periodFrom: '2026-03-02', periodTo: '2026-03-08' }),
    ]);
    const lines = text.split('\n');
    // Records: header (1), zero padding to 5, carrier (6), padding to 10, legs at 11, 12, 13.
    expect(lines[11]?.slice(0, 1)).toBe('3');
    lines[11] = `${lines[11]?.slice(0, 14)}31FEB26${lines[11]?.slice(21)}`;
    const r = expandSsim(lines.join('\n'));
    expect(r.records.map((x) => [x.line, x.flight, x.legs.length])).toEqual([
      [11, 'SU1', 7],
      [12, 'SU2', 0],
      [13, 'SU3', 7],
    ]);
    expect(r.records[1]?.skipped).toMatch(/^line 12 column 15: periodFrom is not a date/);
    expect(r.fileErrors).toEqual([]);
  });

  it('skips a record that repeats dated legs of an earlier one', () => {
    const r = expandSsim(
      ssimText([
        leg({ periodFrom: '2026-03-02', periodTo: '2026-03-08' }),
        leg({ itineraryVariation: 2, periodFrom: '2026-03-08', periodTo: '2026-03-10' }),
      ]),
    );
    expect(r.records[1]?.skipped).toMatch(/already defined by an earlier record: SU100\/2026-03-08\/1 \(line 11\)/);
  });
});

describe('instant', () => {
  it('formats day numbers and minutes, carrying over days both ways', async () => {
    const { instant, dateToDay } = await import('../src/dates');
    const d = dateToDay('2026-03-01');
    expect(instant(d, 0)).toBe('2026-03-01T00:00:00Z');
    expect(instant(d, 1439)).toBe('2026-03-01T23:59:00Z');
    expect(instant(d, 1440 + 65)).toBe('2026-03-02T01:05:00Z');
    expect(instant(d, -30)).toBe('2026-02-28T23:30:00Z');
  });
});

describe('SSIM UTC variations against the zones', () => {
  it('uses the record variation over a DST change and warns about the dates where the zone differs', () => {
    // 02:30 +0100 over the night Berlin changes to +0200: SSIM says the record's variation decides.
    const text = ssimText([
      leg({
        departureStation: 'FRA',
        departureUtcOffset: '+0100',
        aircraftStd: '0230',
        arrivalStation: 'SVO',
        arrivalUtcOffset: '+0300',
        aircraftSta: '0830',
        periodFrom: '2026-03-27',
        periodTo: '2026-03-30',
      }),
    ]);
    const r = expandSsim(text, { zones: ZONES });
    expect(r.records[0]?.legs.map((l) => l.std)).toEqual([
      '2026-03-27T01:30:00Z',
      '2026-03-28T01:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-03-30T01:30:00Z',
    ]);
    expect(r.records[0]?.warnings).toEqual([
      'FRA UTC variation +0100 differs from Europe/Berlin (+0200) on 2 date(s) from 2026-03-29 to 2026-03-30',
    ]);
    expect(expandSsim(text).records[0]?.warnings).toBeUndefined();
  });
});
