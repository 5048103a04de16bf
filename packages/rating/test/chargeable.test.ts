import type { RoundingRule } from '@aircargo/domain';
import { describe, expect, it } from 'vitest';
import { chargeableWeight, formatScaled, parseScaled, prepare } from '../src/index';
import { ok, shipment, tariff } from './helpers';

describe('chargeable weight (primer section 2)', () => {
  it('takes gross weight when it is the greatest, rounded up to the next 0.5 kg by default', () => {
    expect(chargeableWeight({ weight: '30.2' })).toMatchObject({
      gross_weight: '30.2',
      chargeable_weight: '30.5',
      source: 'gross',
      rounding_rule: 'up_0_5',
      chargeable_ratio: 6000,
      cw_auto_calculation: true,
    });
    expect(chargeableWeight({ weight: '30.5' }).chargeable_weight).toBe('30.5');
  });

  it('computes volume weight with the airline divisor', () => {
    expect(chargeableWeight({ weight: 100, volume: 1.2 }, { chargeableRatio: 5000 })).toMatchObject({
      volume_weight: '240',
      chargeable_weight: '240',
      source: 'volume',
      chargeable_ratio: 5000,
    });
  });

  it('computes volume from dimensions in cm, pieces times length x width x height', () => {
    // 2 x 120 x 80 x 100 cm = 1.92 m3 -> 320 kg
    const cw = chargeableWeight({ weight: 150, dimensions: [{ pieces: 2, length: 120, width: 80, height: 100 }] });
    expect(cw).toMatchObject({ volume: '1.92', volume_weight: '320', chargeable_weight: '320', source: 'volume' });
  });

  it('computes volume from dimensions in inches exactly (1 in3 = 16.387064 cm3)', () => {
    // 10 x 10 x 60 in = 6000 in3 = 98,322.384 cm3 -> 16.387064 kg -> 16.5 kg
    const cw = chargeableWeight({
      weight: 1,
      dimensions: [{ pieces: 1, length: 10, width: 10, height: 60, unit: 'in' }],
    });
    expect(cw).toMatchObject({ volume: '0.098322', volume_weight: '16.387', chargeable_weight: '16.5' });
  });

  it('keeps the stated volume over dimensions', () => {
    const cw = chargeableWeight({
      weight: 10,
      volume: '0.06',
      dimensions: [{ pieces: 1, length: 100, width: 100, height: 100 }],
    });
    expect(cw).toMatchObject({ volume: '0.06', volume_weight: '10', source: 'gross' });
  });

  it('raises to the airline minimum charge weight', () => {
    expect(chargeableWeight({ weight: 3 }, { minimumChargeWeight: '10' })).toMatchObject({
      min_chargeable: '10',
      chargeable_weight: '10',
      source: 'minimum',
    });
  });

  it('rounds by each rule', () => {
    const cw = (weight: string, roundingRule: RoundingRule) =>
      chargeableWeight({ weight }, { roundingRule }).chargeable_weight;
    expect(cw('10.01', 'up_0_5')).toBe('10.5');
    expect(cw('10.51', 'up_0_5')).toBe('11');
    expect(cw('10.01', 'up_1')).toBe('11');
    expect(cw('10.24', 'nearest_0_5')).toBe('10');
    expect(cw('10.25', 'nearest_0_5')).toBe('10.5');
    expect(cw('10.49', 'nearest_1')).toBe('10');
    expect(cw('10.5', 'nearest_1')).toBe('11');
    expect(cw('10.123', 'none')).toBe('10.123');
  });

  it('rounds the exact volume weight, not a pre-rounded one', () => {
    // 0.600001 m3 / 6000 = 100.0001666 kg: up to 100.5, while to the gram it would read 100.000.
    expect(chargeableWeight({ weight: 1, volume: '0.600001' })).toMatchObject({
      volume_weight: '100',
      chargeable_weight: '100.5',
    });
  });

  it('lets the airline-defined chargeable weight override the calculation', () => {
    expect(chargeableWeight({ weight: 100, volume: 1.2, airlineDefinedWeight: '150' })).toMatchObject({
      volume_weight: '200',
      chargeable_weight: '150',
      source: 'airline',
      cw_auto_calculation: false,
    });
  });
});

describe('decimals', () => {
  it('reads text and numbers exactly and writes them back', () => {
    expect(parseScaled('16.5', 2, 'x')).toBe(1650n);
    expect(parseScaled(0.1, 6, 'x')).toBe(100000n);
    expect(parseScaled('-0.00', 2, 'x')).toBe(0n);
    expect(formatScaled(40500n, 2)).toBe('405.00');
    expect(formatScaled(200500n, 3, 0)).toBe('200.5');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
  });

  it('refuses exponents, too many decimals and junk', () => {
    expect(() => parseScaled(1e-7, 6, 'rate')).toThrow('rate: invalid format');
    expect(() => parseScaled('1.0000001', 6, 'rate')).toThrow('decimal places limit (6)');
    expect(() => parseScaled('1,5', 6, 'rate')).toThrow('invalid format');
    expect(() => parseScaled(Number.POSITIVE_INFINITY, 6, 'rate')).toThrow('invalid format');
  });
});

describe('airline settings', () => {
  it('are checked once, when the data is prepared', () => {
    expect(() => prepare([], [], [], { airlineSettings: { SU: { chargeableRatio: 0 } } })).toThrow(
      'airlineSettings.SU.chargeable_ratio: positive',
    );
    expect(() => prepare([], [], [], { airlineSettings: { SU: { roundingRule: 'up_2' as never } } })).toThrow(
      'airlineSettings.SU.rounding_rule: invalid format',
    );
    expect(() => prepare([], [], [], { airlineSettings: { SU: { minimumChargeWeight: '-5' } } })).toThrow(
      'airlineSettings.SU.minimum_charge_weight: must not be negative',
    );
  });

  it('apply to their carrier only', () => {
    const r = prepare([tariff(), tariff({ id: 's7', airline: 'S7' })], [], [], {
      airlineSettings: { SU: { chargeableRatio: 5000, roundingRule: 'up_1', minimumChargeWeight: '5' } },
    });
    expect(ok(r.quote(shipment({ weight: '1', volume: '0.01' }))).chargeable).toMatchObject({
      volume_weight: '2',
      min_chargeable: '5',
      chargeable_weight: '5',
      source: 'minimum',
    });
    expect(ok(r.quote(shipment({ carrier: 'S7', weight: '1', volume: '0.01' }))).chargeable).toMatchObject({
      volume_weight: '1.667',
      chargeable_weight: '2',
      source: 'volume',
    });
  });
});
