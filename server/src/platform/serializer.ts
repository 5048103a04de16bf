import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * The response serializer: the zod type provider's (the body is encoded with the route's response schema, so a body
 * that does not match it is a 500, never a leak, then written with JSON.stringify), plus one shortcut for immutable
 * bodies. A frozen object (the auth cache freezes the profiles it holds) cannot change, so its JSON is computed once
 * per route and kept beside it in a WeakMap; it goes when the object goes (a cache entry expiring or invalidated).
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const memo = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let json = memo.get(data);
    if (json === undefined) {
      json = serialize(data);
      memo.set(data, json);
    }
    return json;
  };
};

/** Freezes a plain value and everything it contains, so that it can be shared between requests and memoized. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
