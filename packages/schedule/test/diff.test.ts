import { describe, expect, it } from 'vitest';
import { applyDiff, diffSsim } from '../src/diff';
import { applyScheduleMessage, resolveSsmDate } from '../src/messages';
import type { DatedLeg } from '../src/types';
import { leg, ssimText, ZONES } from './fixtures';

const week = { periodFrom: '2026-03-02', periodTo: '2026-03-08' };

describe('SSIM import diff', () => {
  it('creates, then changes nothing on the same file again', () => {
    const text = ssimText([leg({ ...week, flightNumber: 1 }), leg({ ...week, flightNumber: 2, daysOfOperation: [1] })]);
    const first = diffSsim([], text);
    expect(first.diff.counts).toEqual({ created: 8, changed: 0, unchanged: 0, cancelled: 0 });
    expect(first.records.map((r) => [r.line, r.status, r.counts.created])).toEqual([
      [11, 'imported', 7],
      [12, 'imported', 1],
    ]);
    const stored = applyDiff([], first.diff);
    const second = diffSsim(stored, text);
    expect(second.diff.counts).toEqual({ created: 0, changed: 0, unchanged: 8, cancelled: 0 });
    expect(applyDiff(stored, second.diff)).toEqual(stored);
  });

  it('reports changed fields and cancels stored legs the file no longer has', () => {
    const stored = applyDiff(
      [],
      diffSsim([], ssimText([leg({ ...week, flightNumber: 1 }), leg({ ...week, flightNumber: 2 })])).diff,
    );
    const next = diffSsim(
      stored,
      ssimText([leg({ ...week, flightNumber: 1, aircraftType: '74N', aircraftStd: '1030' })]),
    );
    expect(next.diff.counts).toEqual({ created: 0, changed: 7, unchanged: 0, cancelled: 7 });
    const changed = next.diff.changes.find((c) => c.action === 'changed');
    expect(changed?.changes).toEqual([
      { field: 'std', before: '2026-03-02T07:00:00Z', after: '2026-03-02T07:30:00Z' },
      { field: 'aircraftType', before: '77F', after: '74N' },
    ]);
    const after = applyDiff(stored, next.diff);
    expect(after.filter((l) => l.canceled).length).toBe(7);
    // Cancelled legs stay cancelled: the same file again is all unchanged.
    expect(
      diffSsim(after, ssimText([leg({ ...week, flightNumber: 1, aircraftType: '74N', aircraftStd: '1030' })])).diff
        .counts,
    ).toEqual({
      created: 0,
      changed: 0,
      unchanged: 7,
      cancelled: 0,
    });
  });

  it('keeps the flights of a broken record instead of cancelling them', () => {
    const stored = applyDiff(
      [],
      diffSsim([], ssimText([leg({ ...week, flightNumber: 1 }), leg({ ...week, flightNumber: 2 })])).diff,
    );
    const lines = ssimText([leg({ ...week, flightNumber: 1 }), leg({ ...week, flightNumber: 2 })]).split('\n');
    lines[11] = `${lines[11]?.slice(0, 72)}   ${lines[11]?.slice(75)}`; // aircraft type blank
    const r = diffSsim(stored, lines.join('\n'));
    expect(r.records[1]).toMatchObject({ line: 12, status: 'skipped', flight: 'SU2' });
    expect(r.records[1]?.reason).toMatch(/line 12 column 73: aircraftType/);
    expect(r.diff.counts).toEqual({ created: 0, changed: 0, unchanged: 7, cancelled: 0 });
    expect(r.keptBecauseSkipped).toHaveLength(7);
  });
});

describe('SSM and ASM', () => {
  const opts = { referenceDate: '2026-02-20', zones: ZONES };
  const ssm = (body: string) => `SSM\nUTC\n${body}\n`;

  it('NEW creates, TIM and EQT change, CNL cancels, RIN reinstates', () => {
    const created = applyScheduleMessage(
      [],
      ssm('NEW\nKC901\n02MAR 08MAR 135\nF 77F\nALA0100 NQZ0240\nNQZ0400 SVO0900'),
      opts,
    );
    expect(created.subMessages[0]).toMatchObject({ status: 'applied', counts: { created: 6 } });
    let stored: DatedLeg[] = applyDiff([], created.diff);
    expect(stored.find((l) => l.date === '2026-03-04' && l.legSequence === 2)).toMatchObject({
      origin: 'NQZ',
      destination: 'SVO',
      std: '2026-03-04T04:00:00Z',
      sta: '2026-03-04T09:00:00Z',
    });
    const again = applyScheduleMessage(
      stored,
      ssm('NEW\nKC901\n02MAR 08MAR 135\nF 77F\nALA0100 NQZ0240\nNQZ0400 SVO0900'),
      opts,
    );
    expect(again.diff.counts).toEqual({ created: 0, changed: 0, unchanged: 6, cancelled: 0 });

    const tim = applyScheduleMessage(stored, 'ASM\nUTC\nTIM\nKC901/04MAR26\nNQZ0430 SVO0930\n', opts);
    expect(tim.diff.counts).toEqual({ created: 0, changed: 1, unchanged: 0, cancelled: 0 });
    stored = applyDiff(stored, tim.diff);
    const eqt = applyScheduleMessage(stored, ssm('EQT\nKC901\n02MAR 08MAR 1\nF 74N'), opts);
    expect(eqt.diff.counts.changed).toBe(2);
    stored = applyDiff(stored, eqt.diff);
    const cnl = applyScheduleMessage(stored, ssm('CNL\nKC901\n06MAR 06MAR 5'), opts);
    expect(cnl.diff.counts).toEqual({ created: 0, changed: 0, unchanged: 0, cancelled: 2 });
    stored = applyDiff(stored, cnl.diff);
    const rin = applyScheduleMessage(stored, ssm('RIN\nKC901\n06MAR 06MAR 5'), opts);
    expect(rin.diff.changes.map((c) => c.changes)).toEqual([
      [{ field: 'canceled', before: true, after: false }],
      [{ field: 'canceled', before: true, after: false }],
    ]);
  });

  it('RPL cancels legs the replacement drops, and skips what it cannot apply with the reason', () => {
    const stored = applyDiff(
      [],
      applyScheduleMessage([], ssm('NEW\nKC901\n02MAR 02MAR 1\nF 77F\nALA0100 NQZ0240\nNQZ0400 SVO0900'), opts).diff,
    );
    const rpl = applyScheduleMessage(stored, ssm('RPL\nKC901\n02MAR 02MAR 1\nF 77F\nALA0100 SVO0700'), opts);
    expect(rpl.diff.counts).toEqual({ created: 0, changed: 1, unchanged: 0, cancelled: 1 });
    const mixed = applyScheduleMessage(
      stored,
      ssm('ADM\nKC901\n02MAR 02MAR 1\n//\nTIM\nKC901\n02MAR 02MAR 1\nALA0100 LED0300'),
      opts,
    );
    expect(mixed.subMessages.map((s) => [s.action, s.status, s.reason])).toEqual([
      ['ADM', 'skipped', 'ADM is not applied to the schedule; the flights are left as they are'],
      ['TIM', 'skipped', 'KC901/2026-03-02 has no leg ALA-LED'],
    ]);
    expect(mixed.diff.changes).toEqual([]);
  });

  it('converts local-time messages with the airport zones', () => {
    const r = applyScheduleMessage([], 'SSM\nLT\nNEW\nSU2401\n29MAR 29MAR 7\nF 77F\nFRA0230 SVO0830\n', opts);
    // 02:30 does not exist in Berlin that night: moved forward to 03:30 CEST.
    expect(r.diff.changes[0]?.after.std).toBe('2026-03-29T01:30:00Z');
  });

  it('resolves dates without a year to the nearest one', () => {
    expect(resolveSsmDate('05JAN', '2026-12-20')).toBe('2027-01-05');
    expect(resolveSsmDate('20DEC', '2026-01-05')).toBe('2025-12-20');
    expect(resolveSsmDate('15NOV24', '2026-01-05')).toBe('2024-11-15');
    expect(resolveSsmDate('31APR', '2026-01-05')).toBeUndefined();
  });
});
