import { SUBDOMAINS } from '@aircargo/domain/carrier-rules';
import { canAccessChain, type GateContext } from '@/lib/gating/access';
import { ROUTES_BY_PATH, type RouteEntry } from '../routes/route-table';

export interface SidebarSection {
  /** Key under "nav." in the i18n resources. */
  key: string;
  paths: string[];
  hidden?: (ctx: GateContext) => boolean;
}

/** List pages of a parent route (no parameters, no create pages). */
function listPages(prefix: string, exclude: string[] = []): string[] {
  return [...ROUTES_BY_PATH.keys()].filter(
    (path) =>
      path.startsWith(`${prefix}/`) &&
      !path.includes(':') &&
      !path.endsWith('/create') &&
      !exclude.includes(path) &&
      !ROUTES_BY_PATH.get(path)?.def.children,
  );
}

export const SIDEBAR_SECTIONS: SidebarSection[] = [
  { key: 'booking', paths: ['/offers/select', '/offers', '/bookings', '/air-waybills/create'] },
  { key: 'shipments', paths: ['/air-waybills', '/shipments', '/agent/air-waybills', '/void-requests'] },
  // "The Flights section is hidden on airline code su": the host's subdomain, not the user's airline.
  { key: 'flights', paths: ['/flights/tabs'], hidden: (ctx) => ctx.host.subdomain === SUBDOMAINS.su },
  { key: 'tariffs', paths: listPages('/tariffs') },
  { key: 'accounting', paths: ['/settlements/payments'] },
  { key: 'settlements', paths: ['/settlements/balances'] },
  { key: 'telegrams', paths: listPages('/messaging') },
  { key: 'settings', paths: listPages('/settings', ['/settings/companies']) },
  { key: 'admin', paths: ['/settings/companies', '/receptacles', '/web-socket-test', '/ui-kit'] },
  { key: 'bi', paths: ['/bi'] },
  { key: 'featureRequests', paths: ['/feature-requests'] },
  { key: 'profile', paths: ['/profile'] },
];

export interface VisibleSection {
  key: string;
  entries: RouteEntry[];
}

/** Sections with the pages this user may open; empty sections are left out. */
export function visibleSections(ctx: GateContext): VisibleSection[] {
  return SIDEBAR_SECTIONS.flatMap((section) => {
    if (section.hidden?.(ctx)) return [];
    const entries = section.paths
      .map((path) => ROUTES_BY_PATH.get(path))
      .filter((entry): entry is RouteEntry => entry !== undefined && canAccessChain(entry.chain, ctx));
    return entries.length ? [{ key: section.key, entries }] : [];
  });
}
