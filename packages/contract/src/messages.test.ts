import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMessage, issueMessage, MESSAGES, msg, renderMessage } from './messages';

describe('the message catalogue', () => {
  it('carries a key with its parameters through a zod message and back', () => {
    const text = msg('exactLength', { length: 2 });
    expect(decodeMessage(text)).toEqual({ key: 'exactLength', params: { length: 2 } });
    expect(renderMessage({ key: 'exactLength', params: { length: 2 } })).toBe('must be 2 characters');
    expect(decodeMessage('must be 2 characters')).toBeNull();
    expect(decodeMessage('validation.noSuchKey')).toBeNull();
  });

  it('maps zod issues to the specification messages', () => {
    const schema = z.object({
      name: z.string().min(1),
      code: z.string().regex(/^[A-Z]{3}$/),
      count: z.number().int().positive(),
      weight: z.number().multipleOf(0.01),
      email: z.email(),
      kind: z.enum(['a', 'b']),
      note: z.string().max(5),
    });
    const result = schema.safeParse({ code: 'x', count: 0, weight: 1.234, email: 'nope', kind: 'c', note: 'too long' });
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issueMessage(issue as unknown as Parameters<typeof issueMessage>[0]),
      ]),
    );
    expect(byField.name).toEqual({ key: 'required', params: {} });
    expect(byField.code).toEqual({ key: 'invalidFormat', params: {} });
    expect(byField.count).toEqual({ key: 'positive', params: {} });
    expect(byField.weight).toEqual({ key: 'decimalPlaces', params: { digits: 2 } });
    expect(byField.email).toEqual({ key: 'email', params: {} });
    expect(byField.kind).toEqual({ key: 'oneOf', params: { values: 'a, b' } });
    expect(byField.note).toEqual({ key: 'maxLength', params: { max: 5 } });
  });

  it('has an English text for every key, with every placeholder named', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.length, key).toBeGreaterThan(0);
      expect(text, key).not.toMatch(/\{\{|\}\}/);
    }
  });
});
