import { describe, expect, it } from 'vitest';
import { ACCESS } from '@/lib/gating/route-access';
import { en } from '@/lib/i18n/locales/en';
import { ru } from '@/lib/i18n/locales/ru';
import { ROUTE_ENTRIES, ROUTES_BY_PATH } from './route-table';

// Every main route of the specification (seed 000, section 2), with the gating area it must carry.
const SPEC_ROUTES: [string, keyof typeof ACCESS | 'open'][] = [
  ['/offers/select', 'bookingSelection'],
  ['/offers', 'offers'],
  ['/offers/create', 'offersEdit'],
  ['/offers/:id', 'offers'],
  ['/bookings', 'bookings'],
  ['/air-waybills/create', 'airWaybillCreate'],
  ['/shipments', 'shipments'],
  ['/air-waybills', 'shipments'],
  ['/agent/air-waybills', 'agentAirWaybills'],
  ['/shipments/:mawb', 'shipments'],
  ['/shipments/:mawb/fwb', 'shipments'],
  ['/shipments/:mawb/fhl', 'shipments'],
  ['/shipments/:mawb/billing', 'shipments'],
  ['/shipments/:mawb/edit-awb', 'airWaybillEdit'],
  ['/bookings/:id/air-waybill', 'bookingAirWaybill'],
  ['/shipments/:mawb/edit-booking', 'bookings'],
  ['/air-waybills/:mawb/house-waybills/create', 'houseWaybills'],
  ['/air-waybills/:mawb/house-waybills/:id/edit', 'houseWaybills'],
  ['/receptacles', 'receptacles'],
  ['/flights/tabs', 'flightsList'],
  ['/flights/create', 'flightEdit'],
  ['/flights/:id', 'flightsList'],
  ['/flights/:id/edit', 'flightEdit'],
  ['/flights/:flight/create-booking-rule', 'flightBookingRule'],
  ['/flights/:segment/aircraft-capacity', 'aircraftCapacity'],
  ['/tariffs', 'tariffs'],
  ['/aircrafts/:aircraft', 'aircraft'],
  ['/bi', 'bi'],
  ['/profile', 'profile'],
  ['/feature-requests', 'featureRequests'],
  ['/feature-requests/create', 'featureRequestsEdit'],
  ['/feature-requests/:id/edit', 'featureRequestsEdit'],
  ['/ui-kit', 'uiKit'],
  ['/ui-kit/base-components', 'uiKit'],
  ['/ui-kit/grid', 'uiKit'],
  ['/web-socket-test', 'webSocketTest'],
  ['/void-requests', 'voidRequests'],
  ['/settings', 'open'],
  ['/settings/airline', 'settingsAirline'],
  ['/settings/capacities', 'capacities'],
  ['/settings/segment-payloads', 'statistics'],
  ['/settings/pax-od-averages', 'statistics'],
  ['/settings/baggage-averages', 'statistics'],
  ['/settings/baggage-stats', 'statistics'],
  ['/settings/baggage-stats/create', 'baggageStatsEdit'],
  ['/settings/baggage-stats/:id/edit', 'baggageStatsEdit'],
  ['/settings/handlers', 'handlers'],
  ['/settings/handlers/create', 'handlersEdit'],
  ['/settings/handlers/:id/edit', 'handlersEdit'],
  ['/settings/messaging', 'messagingSettings'],
  ['/settings/message-settings', 'messageSettings'],
  ['/settings/message-settings/create', 'messageSettings'],
  ['/settings/message-settings/:id/edit', 'messageSettings'],
  ['/settings/agreements', 'agreements'],
  ['/settings/agreements/create', 'agreementCreate'],
  ['/settings/agreements/:id/edit', 'agreementEdit'],
  ['/settings/agent/agreements', 'agentAgreements'],
  ['/settings/agent/agreements/create', 'agreementCreate'],
  ['/settings/agent/agreements/:id/edit', 'agreementEdit'],
  ['/settings/stocks', 'stocks'],
  ['/settings/agent/stocks', 'agentStocks'],
  ['/settings/permitted-routes', 'permittedRoutes'],
  ['/settings/permitted-routes/create', 'permittedRoutes'],
  ['/settings/permitted-routes/:id/edit', 'permittedRoutes'],
  ['/settings/booking-rules', 'bookingRules'],
  ['/settings/booking-rules/create', 'bookingRulesCreate'],
  ['/settings/booking-rules/:id/edit', 'bookingRulesCreate'],
  ['/settings/allotments', 'allotments'],
  ['/settings/allotments/create', 'allotmentsCreate'],
  ['/settings/allotments/:id/edit', 'allotmentsCreate'],
  ['/settings/products', 'products'],
  ['/settings/companies', 'companies'],
  ['/settings/companies/create', 'companyCreate'],
  ['/settings/companies/:id/edit', 'companyEdit'],
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
  ['/messaging/cimp-telegrams', 'cimpTelegrams'],
  ['/messaging/cimp-telegrams/:id', 'cimpTelegram'],
  ['/messaging/cimp', 'cimpUpload'],
  ['/messaging/cimp/:id/edit', 'cimpEdit'],
  ['/messaging/cimp-send', 'cimpSend'],
  ['/messaging/ssim-telegrams', 'ssimTelegrams'],
  ['/messaging/ssim-telegrams/:id', 'ssimTelegram'],
  ['/messaging/ssim', 'ssimUpload'],
  ['/messaging/sita', 'sitaUpload'],
  ['/messaging/ahm-telegrams', 'ahmTelegrams'],
  ['/messaging/ahm-telegrams/:id', 'ahmTelegram'],
  ['/messaging/outgoing-messages', 'outgoingMessages'],
  ['/messaging/messages/:id', 'message'],
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
      expect.arrayContaining([
        '/profile',
        '/settings/users',
        '/settings/companies',
        '/settings/agreements',
        '/air-waybills/create',
        '/settings/messaging',
        '/settings/message-settings',
        '/messaging/outgoing-messages',
        '/messaging/sita',
      ]),
    );
    expect(leaves.length - real.length).toBeGreaterThan(10);
  });
});
