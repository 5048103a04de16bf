import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthCache } from './auth-cache';
import { deepFreeze, serializerCompiler } from './serializer';

function compile(schema: z.ZodType) {
  return serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('response serializer', () => {
  it('writes what the response schema lets through and refuses a body that does not match it', () => {
    const serialize = compile(z.object({ id: z.number(), name: z.string() }));
    expect(serialize({ id: 1, name: 'a', secret: 'x' })).toBe('{"id":1,"name":"a"}');
    expect(() => serialize({ id: 'one', name: 'a' })).toThrow(ResponseSerializationError);
  });

  it('writes a frozen body once and reuses its JSON, but re-encodes a body that is not frozen', () => {
    let encoded = 0;
    const schema = z.object({
      id: z.number().refine(() => {
        encoded++;
        return true;
      }),
    });
    const serialize = compile(schema);
    const shared = deepFreeze({ id: 7 });
    expect([serialize(shared), serialize(shared), serialize(shared)]).toEqual(['{"id":7}', '{"id":7}', '{"id":7}']);
    expect(encoded).toBe(1);
    const fresh = { id: 8 };
    serialize(fresh);
    serialize(fresh);
    expect(encoded).toBe(3);
  });

  it('refuses a frozen body that does not match every time, never memoizing a failure', () => {
    const serialize = compile(z.object({ id: z.number() }));
    const bad = deepFreeze({ id: 'x' });
    expect(() => serialize(bad)).toThrow(ResponseSerializationError);
    expect(() => serialize(bad)).toThrow(ResponseSerializationError);
  });

  it('freezes nested objects and arrays, so a shared body cannot change under its memoized JSON', () => {
    const body = deepFreeze({ roles: [{ id: 1 }], settings: { a: true } });
    expect(Object.isFrozen(body.roles)).toBe(true);
    expect(Object.isFrozen(body.roles[0])).toBe(true);
    expect(() => {
      (body.settings as { a: boolean }).a = false;
    }).toThrow(TypeError);
  });

  it('gets frozen profiles from the auth cache, so a cached profile is written once per cache entry', () => {
    const cache = new AuthCache(60_000);
    cache.setLive(true);
    cache.setProfile(1, { id: 1, available_roles: [{ id: 2 }] });
    const cached = cache.getProfile<{ available_roles: object[] }>(1);
    expect(Object.isFrozen(cached)).toBe(true);
    expect(Object.isFrozen(cached?.available_roles[0])).toBe(true);
  });
});
