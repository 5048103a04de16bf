import { type AppEnvironment, type HostScope, subdomainTypeOf } from '@aircargo/domain/carrier-rules';

export type { AppEnvironment, SubdomainType } from '@aircargo/domain/carrier-rules';

/** The host scope the server reads from the carrier header, plus what only the page's host name tells. */
export interface HostInfo extends HostScope {
  /** The product's forwarder domain (myawb) is in use. */
  isMyAwb: boolean;
}

const ENV_PREFIX = /^(sandbox|staging|qa)[-_]?([a-z0-9]*)$/;
const IGNORED_LABELS = new Set(['www', 'app', 'web']);
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function environmentFrom(value: string | undefined): AppEnvironment | null {
  return value === 'production' || value === 'staging' || value === 'sandbox' || value === 'qa' ? value : null;
}

/**
 * Reads the environment and the company from the host name.
 * `staging-su.example.aero`, `stagingsu.example.aero` and `qasu.example.aero` mark the environment and carry the code "su";
 * a code of two letters or fewer is an airline, a longer one a forwarder; the myawb domain means a forwarder.
 */
export function detectHost(hostname: string, forcedEnvironment?: string): HostInfo {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.').filter(Boolean);
  let environment: AppEnvironment = 'production';
  let code: string | null = null;

  const isIp = IPV4.test(host) || host.includes(':');
  const isLocal = labels.at(-1) === 'localhost';
  const isMyAwb = labels.includes('myawb');
  // A registrable domain has two labels (example.aero); "localhost" has one.
  const domainLabelCount = isLocal ? 1 : 2;
  if (!isIp && labels.length > domainLabelCount) {
    const first = labels[0] ?? '';
    const prefixed = ENV_PREFIX.exec(first);
    if (prefixed) {
      environment = prefixed[1] as AppEnvironment;
      code = prefixed[2] ? prefixed[2] : null;
    } else if (!IGNORED_LABELS.has(first)) {
      code = first;
    }
  }
  environment = environmentFrom(forcedEnvironment) ?? environment;

  const subdomainType = code ? subdomainTypeOf(code) : isMyAwb ? 'forwarder' : 'default';

  return { environment, subdomainType, subdomain: code, isMyAwb };
}

let current: HostInfo | null = null;

/** Host information for the running page (computed once). */
export function currentHost(): HostInfo {
  if (!current) {
    const hostname = typeof window === 'undefined' ? 'localhost' : window.location.hostname;
    current = detectHost(hostname, import.meta.env.VITE_APP_ENV);
  }
  return current;
}

/** Test hook: replaces the detected host. */
export function setCurrentHost(info: HostInfo | null): void {
  current = info;
}

/** Brand shown after the page title; depends on the domain. */
export function brandFor(host: HostInfo): string {
  return host.isMyAwb ? 'myAWB' : 'AirCargo';
}

/** Languages offered on a host: English with Spanish on the v0 subdomain, English with Russian elsewhere. */
export function languagesFor(host: HostInfo): readonly ['en', 'ru'] | readonly ['en', 'es'] {
  return host.subdomain === 'v0' ? (['en', 'es'] as const) : (['en', 'ru'] as const);
}

/** The carrier header value the API client sends from this host (seed 001 section 7): the subdomain's code, if any. */
export function carrierOf(host: HostInfo): string | null {
  return host.subdomainType !== 'default' && host.subdomain ? host.subdomain : null;
}
