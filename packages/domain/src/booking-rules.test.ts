import { describe, expect, it } from 'vitest';
import {
  allotmentReleased,
  type BookingRuleInput,
  cargoLimitBreaches,
  forbiddenShcs,
  incompatibleShcs,
  ruleAnswer,
  shcsNeedingDimensions,
  strictestAnswer,
  withTolerance,
} from './booking-rules';

const rule = (over: Partial<BookingRuleInput>): BookingRuleInput => ({
  id: 1,
  origin: null,
  destination: null,
  segmentId: null,
  shcs: [],
  minPercent: null,
  maxPercent: null,
  minWeight: null,
  maxWeight: null,
  minVolume: null,
  maxVolume: null,
  responseStatus: 'NN',
  ...over,
});
const shipment = {
  segmentId: 7,
  origin: 'SVO',
  destination: 'ALA',
  shcs: ['PER'],
  weight: 500,
  volume: 3,
  loadPercent: 80,
};

describe('booking rules of seed 001 section 5', () => {
  it('applies the cargo limits at their edges', () => {
    expect(cargoLimitBreaches({ pieces: 1, weight: 300, volume: 2.4 })).toEqual([]);
    expect(cargoLimitBreaches({ pieces: 1, weight: 300.001, volume: 2.401 }).map((b) => b.limit)).toEqual([
      'averagePieceVolume',
      'averagePieceWeight',
    ]);
    expect(cargoLimitBreaches({ pieces: 100, weight: 5001, volume: 40.1 }).map((b) => b.limit)).toEqual([
      'weight',
      'volume',
    ]);
  });

  it('finds incompatible SHC pairs, with prefix patterns, in either order', () => {
    expect(incompatibleShcs(['ICE', 'AVI'])).toEqual([['ICE', 'AVI']]);
    expect(incompatibleShcs(['PES', 'HUM', 'GEN'])).toEqual([['PES', 'HUM']]);
    expect(incompatibleShcs(['PER', 'AVI', 'EAW'])).toEqual([]);
  });

  it('needs dimensions for HEA, and forbids codes outside what the airline accepts', () => {
    expect(shcsNeedingDimensions(['HEA', 'PER'], false)).toEqual(['HEA']);
    expect(shcsNeedingDimensions(['HEA'], true)).toEqual([]);
    expect(forbiddenShcs(['DGR', 'PER', 'EAW'], ['PER'])).toEqual(['DGR']);
    expect(forbiddenShcs(['DGR'], [])).toEqual([]);
  });

  it('answers with the strictest matching rule, KK when none matches', () => {
    expect(ruleAnswer([], shipment)).toEqual({ responseStatus: 'KK', ruleId: null });
    const rules = [
      rule({ id: 3, minWeight: 400, responseStatus: 'NN' }),
      rule({ id: 2, shcs: ['PER'], minPercent: 90, responseStatus: 'UU' }),
      rule({ id: 5, origin: 'SVO', segmentId: 7, responseStatus: 'NN' }),
    ];
    expect(ruleAnswer(rules, shipment)).toEqual({ responseStatus: 'NN', ruleId: 3 });
    expect(ruleAnswer(rules, { ...shipment, loadPercent: 95 })).toEqual({ responseStatus: 'UU', ruleId: 2 });
    expect(ruleAnswer(rules, { ...shipment, weight: 10, segmentId: 8 })).toEqual({
      responseStatus: 'KK',
      ruleId: null,
    });
    expect(ruleAnswer([rule({ minPercent: 10 })], { ...shipment, loadPercent: null }).responseStatus).toBe('KK');
    expect(strictestAnswer(['KK', 'NN', 'KK'])).toBe('NN');
    expect(strictestAnswer([])).toBe('KK');
  });

  it('returns an allotment to free sale its time limit before STD; 0 never', () => {
    const std = new Date('2026-11-25T18:00:00Z');
    expect(allotmentReleased(std, 72, new Date('2026-11-22T17:59:59Z'))).toBe(false);
    expect(allotmentReleased(std, 72, new Date('2026-11-22T18:00:00Z'))).toBe(true);
    expect(allotmentReleased(std, 0, new Date('2026-11-26T00:00:00Z'))).toBe(false);
    expect(withTolerance(1000, 5)).toBe(1050);
    expect(withTolerance(333.333, 10)).toBe(366.666);
  });
});
