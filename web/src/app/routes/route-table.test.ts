import { describe, expect, it } from 'vitest';
import { ACCESS } from '@/lib/gating/route-access';
import { en } from '@/lib/i18n/locales/en';
import { ru } from '@/lib/i18n/locales/ru';
import { ROUTE_ENTRIES, ROUTES_BY_PATH } from './route-table';

// Every main route of the specification (seed 000, section 2), with the gating area it must carry.
const SPEC_ROUTES: [string, keyof typeof ACCESS | 'open'][] = [
  ['/offers/select', 'bookingSelection'],
  ['/offers', 'offers'],
  ['/offers/create', 'offers'],
  ['/offers/:id', 'offers'],
  ['/bookings', 'shipments'],
  ['/air-waybills/create', 'airWaybillCreate'],
  ['/shipments', 'shipments'],
  ['/air-waybills', 'shipments'],
  ['/agent/air-waybills', 'agentAirWaybills'],
  ['/shipments/:mawb', 'shipments'],
  ['/shipments/:mawb/fwb', 'shipments'],
  ['/shipments/:mawb/fhl', 'shipments'],
  ['/shipments/:mawb/billing', 'shipments'],
  ['/shipments/:mawb/edit-awb', 'shipments'],
  ['/shipments/:mawb/edit-booking', 'shipments'],
  ['/air-waybills/:mawb/house-waybills/create', 'shipments'],
  ['/air-waybills/:mawb/house-waybills/:id/edit', 'shipments'],
  ['/receptacles', 'platformOnly'],
  ['/flights/tabs', 'flightsList'],
  ['/flights/create', 'flightEdit'],
  ['/flights/:id', 'flightsList'],
  ['/flights/:id/edit', 'flightEdit'],
  ['/flights/:flight/create-booking-rule', 'managerCreate'],
  ['/flights/:segment/aircraft-capacity', 'aircraftCapacity'],
  ['/tariffs', 'tariffs'],
  ['/aircrafts/:aircraft', 'aircraft'],
  ['/bi', 'bi'],
  ['/profile', 'profile'],
  ['/feature-requests', 'featureRequests'],
  ['/feature-requests/create', 'featureRequests'],
  ['/feature-requests/:id/edit', 'featureRequests'],
  ['/ui-kit', 'uiKit'],
  ['/ui-kit/base-components', 'uiKit'],
  ['/ui-kit/grid', 'uiKit'],
  ['/web-socket-test', 'platformOnly'],
  ['/void-requests', 'voidRequests'],
  ['/settings', 'open'],
  ['/settings/airline', 'settingsAirline'],
  ['/settings/capacities', 'settingsOperational'],
  ['/settings/segment-payloads', 'settingsGeneral'],
  ['/settings/pax-od-averages', 'settingsGeneral'],
  ['/settings/baggage-averages', 'settingsGeneral'],
  ['/settings/baggage-stats', 'settingsGeneral'],
  ['/settings/baggage-stats/create', 'baggageStatsEdit'],
  ['/settings/baggage-stats/:id/edit', 'baggageStatsEdit'],
  ['/settings/handlers', 'settingsOperational'],
  ['/settings/handlers/create', 'managerOnly'],
  ['/settings/handlers/:id/edit', 'managerOnly'],
  ['/settings/messaging', 'settingsGeneral'],
  ['/settings/message-settings', 'managerOnly'],
  ['/settings/message-settings/create', 'managerOnly'],
  ['/settings/message-settings/:id/edit', 'managerOnly'],
  ['/settings/agreements', 'settingsGeneral'],
  ['/settings/agreements/create', 'managerCreate'],
  ['/settings/agreements/:id/edit', 'managerCreate'],
  ['/settings/agent/agreements', 'agentAgreements'],
  ['/settings/agent/agreements/create', 'managerCreate'],
  ['/settings/agent/agreements/:id/edit', 'managerCreate'],
  ['/settings/stocks', 'settingsGeneral'],
  ['/settings/agent/stocks', 'stocksAgent'],
  ['/settings/permitted-routes', 'managerOnly'],
  ['/settings/permitted-routes/create', 'managerOnly'],
  ['/settings/permitted-routes/:id/edit', 'managerOnly'],
  ['/settings/booking-rules', 'settingsGeneral'],
  ['/settings/booking-rules/create', 'managerCreate'],
  ['/settings/allotments', 'settingsGeneral'],
  ['/settings/allotments/create', 'managerCreate'],
  ['/settings/products', 'settingsOperational'],
  ['/settings/companies', 'platformOnly'],
  ['/settings/companies/create', 'platformOnly'],
  ['/settings/companies/:id/edit', 'platformOnly'],
  ['/settings/parties', 'parties'],
  ['/settings/parties/:id/edit', 'partiesEdit'],
  ['/settings/agent/parties', 'parties'],
  ['/settings/agent/parties/:id/edit', 'partiesEdit'],
  ['/settings/beneficiary-state', 'beneficiaryState'],
  ['/settings/users', 'users'],
  ['/settlements', 'open'],
  ['/settlements/balances', 'balances'],
  ['/settlements/balances/:id', 'balances'],
  ['/settlements/payments', 'payments'],
  ['/messaging', 'telegrams'],
  ['/messaging/cimp-telegrams', 'open'],
  ['/messaging/cimp-telegrams/:id', 'managerOnly'],
  ['/messaging/cimp', 'open'],
  ['/messaging/cimp/:id/edit', 'managerOnly'],
  ['/messaging/ssim-telegrams', 'open'],
  ['/messaging/ssim-telegrams/:id', 'managerOnly'],
  ['/messaging/ssim', 'ssimUpload'],
  ['/messaging/sita', 'platformOnly'],
  ['/messaging/ahm-telegrams', 'open'],
  ['/messaging/ahm-telegrams/:id', 'managerOnly'],
  ['/messaging/outgoing-messages', 'open'],
  ['/messaging/messages/:id', 'platformOnly'],
];

function lookup(path: string, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], {
    routes: path === 'en' ? en.routes : ru.routes,
  });
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('registers %s with its gating area', (path, area) => {
    const entry = ROUTES_BY_PATH.get(path);
    expect(entry, path).toBeDefined();
    if (area === 'open') expect(entry?.def.access).toBeUndefined();
    else expect(entry?.def.access).toBe(ACCESS[area]);
  });

  it('registers the flight list tabs, with current as the default', () => {
    const tabs = ROUTES_BY_PATH.get('/flights/tabs');
    expect(tabs?.def.index).toBe('current');
    for (const tab of ['current', 'action_required', 'with_shipments', 'aci', 'all']) {
      expect(ROUTES_BY_PATH.has(`/flights/tabs/${tab}`), tab).toBe(true);
    }
    expect(ROUTES_BY_PATH.get('/flights/tabs/action_required')?.def.access).toBe(ACCESS.flightsAirlineTabs);
    expect(ROUTES_BY_PATH.get('/flights/tabs/aci')?.def.access).toBe(ACCESS.flightsAci);
  });

  it('registers the tariff children', () => {
    for (const path of [
      '/tariffs/external-tariffs',
      '/tariffs/external-tariffs/create',
      '/tariffs/external-tariffs/:id/edit',
      '/tariffs/external-charges',
      '/tariffs/external-charges/create',
      '/tariffs/external-charges/:id/edit',
      '/tariffs/external-surcharges',
    ]) {
      expect(ROUTES_BY_PATH.has(path), path).toBe(true);
    }
    expect(ROUTES_BY_PATH.get('/tariffs/external-charges/create')?.def.access).toBe(ACCESS.externalChargeEdit);
    expect(ROUTES_BY_PATH.get('/tariffs/external-tariffs/create')?.def.access).toBe(ACCESS.externalTariffEdit);
  });

  it('has no duplicate paths', () => {
    expect(new Set(ROUTE_ENTRIES.map((e) => e.fullPath)).size).toBe(ROUTE_ENTRIES.length);
  });

  it('names every route in English and Russian', () => {
    for (const entry of ROUTE_ENTRIES) {
      expect(lookup('en', `routes.${entry.def.title}`), `en ${entry.def.title}`).toEqual(expect.any(String));
      expect(lookup('ru', `routes.${entry.def.title}`), `ru ${entry.def.title}`).toEqual(expect.any(String));
    }
  });

  it('gives every leaf route a page or the generic coming page', () => {
    const leaves = ROUTE_ENTRIES.filter((entry) => !entry.def.children);
    const real = leaves.filter((entry) => entry.def.page).map((entry) => entry.fullPath);
    expect(real).toEqual(
      expect.arrayContaining(['/profile', '/settings/users', '/settings/companies', '/settings/agreements']),
    );
    expect(leaves.length - real.length).toBeGreaterThan(50);
  });
});
