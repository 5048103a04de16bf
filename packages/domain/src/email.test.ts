import { describe, expect, it } from 'vitest';
import { isEmailAddress, normalizeEmail } from './email';

describe('e-mail addresses', () => {
  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Fwd.Agent@Demo.AERO ')).toBe('fwd.agent@demo.aero');
  });

  it('refuses non-ASCII addresses, whose lower case differs between JavaScript and SQL', () => {
    expect(isEmailAddress('PLATFORM@DEMO.AERO')).toBe(true);
    expect(isEmailAddress('VICTIM@DEMO.AERO'.replace('I', '\u0130'))).toBe(false);
    expect(isEmailAddress('platform@demo.aero\u0000')).toBe(false);
    expect(isEmailAddress('a..b@demo.aero')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@b.cc`)).toBe(false);
  });
});
