/**
 * Path parameters of the registered routes, for the generated route tests (tenancy, route x role matrix). A route
 * whose parameter no table here knows makes those tests fail: a new parameter name must be added with a value that
 * passes the route's own validation, so that the call reaches the permission check and the handler.
 */

/** The `:name` parameters of a route path, in order. */
export function paramsOf(url: string): string[] {
  return (url.match(/:[a-z_]+/g) ?? []).map((p) => p.slice(1));
}

/** The resource a parameter addresses: the path segment before it (`companies` for `/companies/:id`). */
export function resourceOf(url: string, param: string): string {
  const parts = url.split('/');
  const at = parts.indexOf(`:${param}`);
  const before = parts[at - 1] ?? '';
  return before.startsWith(':') ? '' : before;
}

/**
 * A well-formed value per parameter name that names no record: routes answer it with 404 (or act on nothing), so the
 * matrix sees the permission decision and the handler run. Add every new parameter name here.
 */
export const PARAM_SAMPLES: Record<string, string> = {
  id: '999999',
  user_id: '999999',
  segment: '999999',
  iata: 'SVO',
  mawb: '555-99999995',
  aircraft: '999999',
  code: 'ZZ',
  prefix: '999',
  rate_id: '999999',
  house_id: '999999',
  movement_id: '999999',
  alert_id: '999999',
};

/** Every URL of a route with each parameter replaced by each of its values (the cross product). */
export function fillUrl(url: string, values: (param: string) => readonly string[]): string[] {
  let out = [url];
  for (const param of paramsOf(url)) {
    const options = values(param);
    out = out.flatMap((u) => options.map((v) => u.replace(`:${param}`, encodeURIComponent(v))));
  }
  return out;
}
