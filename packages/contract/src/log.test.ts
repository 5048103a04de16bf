import { describe, expect, it } from 'vitest';
import { maskSecrets } from './log';

describe('maskSecrets', () => {
  it('masks every field named like a password or a token at any depth, and inside logged JSON text', () => {
    expect(
      maskSecrets({
        password: 'secret',
        nested: { Password: 'x', list: [{ password_confirmation: 'y', refresh_token: 'r' }] },
        body: '{"email":"a@b.c","password":"hunter22","access_token":"abc"}',
        email: 'a@b.c',
        count: 3,
      }),
    ).toEqual({
      password: '****',
      nested: { Password: '****', list: [{ password_confirmation: '****', refresh_token: '****' }] },
      body: '{"email":"a@b.c","password":"****","access_token":"****"}',
      email: 'a@b.c',
      count: 3,
    });
  });

  it('stops at a depth limit instead of recursing without end', () => {
    let deep: Record<string, unknown> = { password: 'x' };
    for (let i = 0; i < 30; i++) deep = { child: deep };
    expect(JSON.stringify(maskSecrets(deep))).toContain('[deep]');
  });
});
