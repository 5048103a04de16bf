import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate, isGeneratable, parse, parseEmail } from '../src/index';
import { MESSAGE_TYPES } from '../src/types';
import { fixture } from './helpers';

const names = readdirSync(fileURLToPath(new URL('./fixtures/', import.meta.url))).filter((f) => f.endsWith('.txt'));

/** Type expected from the file name prefix (typeb- and email- files say it after the prefix). */
function expectedType(name: string): string {
  const p = name.replace(/^(typeb|email)-/, '').split('-')[0] ?? '';
  return p.toUpperCase();
}

describe('hand-written fixtures', () => {
  it('has several fixtures for every type', () => {
    const count = new Map<string, number>();
    for (const n of names) count.set(expectedType(n), (count.get(expectedType(n)) ?? 0) + 1);
    for (const t of MESSAGE_TYPES) {
      expect(count.get(t) ?? 0, t).toBeGreaterThanOrEqual(2);
    }
  });

  for (const name of names) {
    it(`parses ${name}, and generate then parse gives the same model`, () => {
      const text = fixture(name);
      const first = name.startsWith('email-') ? parseEmail(text) : parse(text);
      expect(first.type).toBe(expectedType(name));
      expect(first.message).not.toBeNull();
      if (!first.message) return;
      if (!isGeneratable(first.message)) {
        // Parse-only types (AHM, Cargo-IMP requests): no error on a fixture that is not deviant.
        if (!name.includes('deviant')) expect(first.issues.filter((i) => i.severity === 'error')).toEqual([]);
        return;
      }
      const again = parse(generate(first.message, first.envelope ? { envelope: first.envelope } : {}));
      expect(again.message).toEqual(first.message);
      expect(again.envelope).toEqual(first.envelope);
      if (!name.includes('deviant')) {
        expect(first.issues.filter((i) => i.severity === 'error')).toEqual([]);
      }
    });
  }
});
