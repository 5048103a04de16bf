import { describe, expect, it } from 'vitest';
import { expandSsimLeg } from '../src/expand';
import { buildFlights } from '../src/flights';
import { leg } from './fixtures';

const day = { periodFrom: '2026-03-02', periodTo: '2026-03-03' };
const legs = [
  ...expandSsimLeg(
    leg({ ...day, arrivalStation: 'NQZ', aircraftStd: '1000', aircraftSta: '1600', arrivalUtcOffset: '+0500' }),
    'L',
  ),
  ...expandSsimLeg(
    leg({
      ...day,
      legSequence: 2,
      departureStation: 'NQZ',
      departureUtcOffset: '+0500',
      aircraftStd: '1800',
      aircraftSta: '1940',
    }),
    'L',
  ),
];

describe('multi-leg flights', () => {
  it('makes one flight of the legs of a designator and date, selling every leg combination', () => {
    const flights = buildFlights(legs);
    expect(flights.map((f) => f.key)).toEqual(['SU100/2026-03-02', 'SU100/2026-03-03']);
    const f = flights[0];
    expect(f?.legs.map((l) => l.legSequence)).toEqual([1, 2]);
    expect(f?.segments).toEqual([
      {
        key: 'SU100/2026-03-02/SVO-NQZ',
        boardPoint: 'SVO',
        offPoint: 'NQZ',
        std: '2026-03-02T07:00:00Z',
        sta: '2026-03-02T11:00:00Z',
        legSequences: [1],
        via: [],
      },
      {
        key: 'SU100/2026-03-02/SVO-ALA',
        boardPoint: 'SVO',
        offPoint: 'ALA',
        std: '2026-03-02T07:00:00Z',
        sta: '2026-03-02T14:40:00Z',
        legSequences: [1, 2],
        via: ['NQZ'],
      },
      {
        key: 'SU100/2026-03-02/NQZ-ALA',
        boardPoint: 'NQZ',
        offPoint: 'ALA',
        std: '2026-03-02T13:00:00Z',
        sta: '2026-03-02T14:40:00Z',
        legSequences: [2],
        via: [],
      },
    ]);
  });

  it('leaves cancelled legs out and sells only single legs of a broken routing', () => {
    const broken = legs.map((l) => (l.legSequence === 2 ? { ...l, origin: 'ALA', destination: 'SVO' } : l));
    const [f] = buildFlights(broken);
    expect(f?.problem).toBe('leg 2 departs from ALA, not NQZ');
    expect(f?.segments.map((s) => s.key)).toEqual(['SU100/2026-03-02/SVO-NQZ', 'SU100/2026-03-02/ALA-SVO']);
    const [g] = buildFlights(legs.map((l) => (l.legSequence === 1 ? { ...l, canceled: true } : l)));
    expect(g?.segments.map((s) => s.key)).toEqual(['SU100/2026-03-02/NQZ-ALA']);
  });
});
