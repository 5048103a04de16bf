import { describe, expect, it } from 'vitest';
import { diffSsim } from '../src/diff';
import { buildFlights } from '../src/flights';
import { benchSsimRecords, DEMO_ZONES, demoLegs, demoSsim, ssimByCarrier } from '../src/generators';
import { expandSsim } from '../src/ssim';
import { type DatedLeg, legKey } from '../src/types';

const sorted = (legs: DatedLeg[]) => [...legs].sort((a, b) => (legKey(a) < legKey(b) ? -1 : 1));

describe('demo schedule', () => {
  const legs = demoLegs({ from: '2026-03-20', days: 14 });

  it('flies a few hundred legs a day over a dozen airports, freighters and belly', () => {
    const perDay = legs.filter((l) => l.date === '2026-03-23').length;
    expect(perDay).toBeGreaterThan(200);
    expect(perDay).toBeLessThan(600);
    const airports = new Set(legs.flatMap((l) => [l.origin, l.destination]));
    expect([...airports].sort()).toEqual(Object.keys(DEMO_ZONES).sort());
    expect(new Set(legs.map((l) => l.serviceType))).toEqual(new Set(['J', 'F']));
    expect(buildFlights(legs).some((f) => f.carrier === 'KC' && f.segments.length === 3)).toBe(true);
  });

  it('connects LED to CIT with two transfers, SU to KC (interline)', () => {
    const day = legs.filter((l) => l.date === '2026-03-23' || l.date === '2026-03-24');
    const mct = 60 * 60_000;
    const after = (l: DatedLeg, o: string, d: string, carrier: string) =>
      day.filter(
        (x) =>
          x.carrier === carrier &&
          x.origin === o &&
          x.destination === d &&
          Date.parse(x.std) >= Date.parse(l.sta) + mct &&
          Date.parse(x.std) <= Date.parse(l.sta) + 24 * 3600_000,
      );
    const routes = day
      .filter((l) => l.carrier === 'SU' && l.origin === 'LED' && l.destination === 'SVO')
      .flatMap((a) => after(a, 'SVO', 'ALA', 'SU').flatMap((b) => after(b, 'ALA', 'CIT', 'KC').map((c) => [a, b, c])));
    expect(routes.length).toBeGreaterThan(0);
  });

  it('is an SSIM file that expands to the same legs and imports idempotently', () => {
    const text = demoSsim({ from: '2026-03-20', days: 14 });
    const exp = expandSsim(text);
    expect(exp.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(sorted(exp.records.flatMap((r) => r.legs))).toEqual(sorted(legs));
    expect(diffSsim(legs, text).diff.counts).toEqual({ created: 0, changed: 0, unchanged: legs.length, cancelled: 0 });
  }, 60_000);
});

describe('bench schedule', () => {
  it('streams SSIM records that parse without errors, about the asked legs a day', () => {
    const records = [...benchSsimRecords({ from: '2026-01-01', days: 14, airlines: 3, legsPerDay: 600 })];
    expect(records.every((r) => r.length === 200)).toBe(true);
    const parts = [...ssimByCarrier(records)];
    expect(parts.map((p) => p.carrier)).toEqual(['AA', 'AB', 'AC']);
    let total = 0;
    for (const p of parts) {
      const exp = expandSsim(p.text);
      expect(exp.issues.filter((i) => i.severity === 'error')).toEqual([]);
      expect(exp.records.filter((r) => r.skipped)).toEqual([]);
      total += exp.records.reduce((n, r) => n + r.legs.length, 0);
    }
    expect(total / 14).toBeGreaterThan(540);
    expect(total / 14).toBeLessThan(660);
    const whole = expandSsim(`${records.join('\n')}\n`);
    expect(whole.issues).toEqual([]);
  }, 60_000);
});
