import { describe, expect, it } from 'vitest';
import { baggagePerPax, type CapacityInputs, cargoCapacity, iataSeason, loadFactor } from './capacity';

const base: CapacityInputs = {
  serviceType: 'J',
  override: { weight: null, volume: null },
  aircraft: null,
  payload: null,
  pax: null,
  paxWeight: 75,
  baggagePerPax: null,
};

describe('iataSeason', () => {
  it('runs summer from the last Sunday of March to the last Saturday of October', () => {
    expect(iataSeason('2026-03-28')).toBe('winter');
    expect(iataSeason('2026-03-29')).toBe('summer');
    expect(iataSeason('2026-10-24')).toBe('summer');
    expect(iataSeason('2026-10-25')).toBe('winter');
    expect(iataSeason('2027-03-27')).toBe('winter');
    expect(iataSeason('2027-03-28')).toBe('summer');
    expect(iataSeason('2026-01-15')).toBe('winter');
  });
});

describe('cargoCapacity', () => {
  it("gives a freighter its aircraft type's capacity", () => {
    expect(
      cargoCapacity({ ...base, serviceType: 'F', aircraft: { weight: 100_000, volume: 600 }, payload: 5 }),
    ).toEqual({ weight: 100_000, volume: 600, source: 'aircraft' });
  });

  it('gives a passenger flight payload minus passengers and their baggage', () => {
    expect(
      cargoCapacity({
        ...base,
        payload: 20_000,
        pax: 150,
        paxWeight: 80,
        baggagePerPax: 15.5,
        aircraft: { weight: null, volume: 30 },
      }),
    ).toEqual({ weight: 20_000 - 150 * 80 - 150 * 15.5, volume: 30, source: 'payload' });
  });

  it('never goes below zero', () => {
    expect(cargoCapacity({ ...base, payload: 1_000, pax: 200 }).weight).toBe(0);
  });

  it('lets the override win, field by field', () => {
    expect(
      cargoCapacity({
        ...base,
        serviceType: 'F',
        aircraft: { weight: 100_000, volume: 600 },
        override: { weight: 5_000, volume: null },
      }),
    ).toEqual({ weight: 5_000, volume: 600, source: 'override' });
  });

  it("says 'none' when nothing is known", () => {
    expect(cargoCapacity(base)).toEqual({ weight: 0, volume: 0, source: 'none' });
    expect(cargoCapacity({ ...base, serviceType: 'F', payload: 3_000 })).toEqual({
      weight: 0,
      volume: 0,
      source: 'none',
    });
  });
});

describe('baggagePerPax and loadFactor', () => {
  it('prefers the manual average, else total weight over passengers', () => {
    expect(baggagePerPax({ manual_average_baggage_weight: 12, total_baggage_weight: 900, total_pax: 60 })).toBe(12);
    expect(baggagePerPax({ manual_average_baggage_weight: null, total_baggage_weight: 900, total_pax: 60 })).toBe(15);
    expect(baggagePerPax({ manual_average_baggage_weight: null, total_baggage_weight: 0, total_pax: 0 })).toBeNull();
  });

  it('is null without capacity', () => {
    expect(loadFactor(500, 2_000)).toBe(25);
    expect(loadFactor(0, 0)).toBeNull();
  });
});
