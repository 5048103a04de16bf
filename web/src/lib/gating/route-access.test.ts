import type { CompanyType } from '@aircargo/domain/company';
import { describe, expect, it } from 'vitest';
import { makeProfile, serverScopeOf } from '@/testing/profiles';
import { canAccess, gateContextOf, userKindOf } from './access';
import { ACCESS, type AccessAreaName } from './route-access';
import { detectHost, type HostInfo } from './subdomain';

/** The profile as the server presents it for the carrier header this host sends. */
function profileOn(host: HostInfo, overrides: Parameters<typeof makeProfile>[0]) {
  return makeProfile(overrides, serverScopeOf(host));
}

// Users by short name: P platform; Aa/Ad/Am/Ab/Ai airline admin/default/manager/billing/ics-inspector;
// Fa/Fd forwarder admin/default; V visitor.
const USERS: Record<string, { type: CompanyType; role: string }> = {
  P: { type: 'platform', role: 'platform' },
  Aa: { type: 'airline', role: 'airline_admin' },
  Ad: { type: 'airline', role: 'airline_default' },
  Am: { type: 'airline', role: 'airline_manager' },
  Ab: { type: 'airline', role: 'airline_billing' },
  Ai: { type: 'airline', role: 'airline_ics_inspector' },
  Fa: { type: 'forwarder', role: 'forwarder_admin' },
  Fd: { type: 'forwarder', role: 'forwarder_default' },
  V: { type: 'visitor', role: 'visitor' },
};
const ALL = Object.keys(USERS).join(' ');

// Scenarios: host name and the airline code of the airline users.
const SCENARIOS = {
  kc: { host: 'example.aero', airline: 'KC' },
  suUser: { host: 'example.aero', airline: 'SU' },
  fvUser: { host: 'example.aero', airline: 'FV' },
  suSub: { host: 'su.example.aero', airline: 'SU' },
  fwdSub: { host: 'cargoline.example.aero', airline: 'KC' },
  otherFwdSub: { host: 'abc.example.aero', airline: 'KC' },
  staging: { host: 'staging.example.aero', airline: 'KC' },
} as const;
type Scenario = keyof typeof SCENARIOS;

function allowed(area: AccessAreaName, scenario: Scenario): string {
  const { host, airline } = SCENARIOS[scenario];
  const info = detectHost(host);
  return Object.entries(USERS)
    .filter(([, user]) => {
      const profile = profileOn(info, {
        role: user.role,
        company_business_type: user.type,
        airline_code: user.type === 'airline' ? airline : null,
        airline_ui_settings: [{ show_settings: true }],
      });
      return canAccess(ACCESS[area], gateContextOf(profile, info));
    })
    .map(([key]) => key)
    .join(' ');
}

// Expected users per area and scenario; scenarios left out expect the `all` value.
const TABLE: Record<AccessAreaName, { all?: string } & Partial<Record<Scenario, string>>> = {
  shipments: { all: 'P Ad Am Ab Ai Fd' },
  bookings: { all: 'P Ad Am Ab Ai Fd' },
  houseWaybills: { all: 'P Fd' },
  airWaybillEdit: { all: 'P Ad Am Fd' },
  bookingAirWaybill: { all: 'P Ad Am Fd' },
  agentAirWaybills: { all: '', staging: 'P' },
  airWaybillCreate: { all: '', suSub: 'P Ad Am Fd' },
  bookingSelection: { all: '', fwdSub: 'Fd', otherFwdSub: 'Fd' },
  offers: { all: '', fwdSub: 'Fd' },
  offersEdit: { all: '', fwdSub: 'Fd' },
  flightsList: { all: 'P Ad Am Ab Ai Fd' },
  flightsAirlineTabs: { all: 'P Ad Am Ab Ai' },
  flightsAci: { all: 'P', suUser: 'P Ad Am Ai', fvUser: 'P Ad Am Ai', suSub: 'P Ad Am Ai' },
  flightEdit: { all: 'P Am', suUser: 'P', suSub: 'P' },
  flightBookingRule: { all: 'P Ad Am', suSub: 'P' },
  aircraftCapacity: { all: 'P Ad Am Ab Ai Fd' },
  aircraft: { all: 'P Ad Am Ab Ai' },
  tariffs: { all: 'P Ad Am Ab Ai Fd' },
  externalTariffEdit: { all: 'Am', fvUser: '', suSub: 'P Am', staging: 'P Am' },
  externalChargeEdit: { all: 'P' },
  bi: { all: 'P Am Ab' },
  profile: { all: ALL },
  featureRequests: { all: '', suSub: 'P Am' },
  featureRequestsEdit: { all: '', suSub: 'P Am' },
  uiKit: { all: '', staging: 'P' },
  webSocketTest: { all: 'P' },
  receptacles: { all: 'P' },
  voidRequests: { all: 'P Ad Am Ab Ai' },
  settingsAirline: { all: 'P Aa Ad Am Ab Ai', suSub: 'P' },
  capacities: { all: 'P Ad Am' },
  handlers: { all: 'P Ad Am' },
  handlersEdit: { all: 'P Am' },
  products: { all: 'P Ad Am' },
  statistics: { all: 'P Ad Am Ab Ai', suSub: 'P' },
  baggageStatsEdit: { all: 'P Am', fwdSub: '', otherFwdSub: '' },
  messagingSettings: { all: 'P Ad Am Ai', suSub: 'P' },
  messageSettings: { all: 'P Am', suSub: 'P' },
  permittedRoutes: { all: 'P Am' },
  connectionTimes: { all: 'P Ad Am Ab Ai' },
  connectionTimesEdit: { all: 'P Am' },
  agreements: { all: 'P Ad Am Ab Ai', suSub: 'P' },
  agreementCreate: { all: 'P Ad Am', suSub: 'P' },
  agreementEdit: { all: 'P Ad Am', suSub: 'P' },
  agentAgreements: { all: 'P Fa Fd', suSub: 'P Fa' },
  stocks: { all: 'P Aa Ad Am Ab Ai Fa Fd', suSub: 'P Fa' },
  agentStocks: { all: 'P Fa Fd', suSub: 'P Fa' },
  bookingRules: { all: 'P Ad Am Ab Ai', suSub: 'P' },
  bookingRulesCreate: { all: 'P Ad Am', suSub: 'P' },
  allotments: { all: 'P Ad Am Ab Ai', suSub: 'P' },
  allotmentsCreate: { all: 'P Ad Am', suSub: 'P' },
  companies: { all: 'P' },
  companyCreate: { all: 'P' },
  companyEdit: { all: 'P' },
  parties: { all: 'P Fd', suSub: 'P' },
  partiesEdit: { all: 'P Am Fd', suSub: 'P Am' },
  beneficiaryState: { all: '', staging: 'P Aa Ad Am Ab Ai Fa Fd' },
  users: { all: 'Aa Fa', fvUser: 'Fa', staging: 'P Aa Fa' },
  balances: { all: 'P Ad Am Ab Ai', suUser: 'P', suSub: 'P' },
  payments: { all: 'P Ad Am Ab Ai', suUser: 'P', suSub: 'P' },
  telegrams: { all: 'P Ad Am Ai' },
  telegramEdit: { all: 'P Am' },
  outgoingMessages: { all: 'P Ad Am Ai' },
  ssimUpload: { all: 'P Am', suUser: 'P', suSub: 'P' },
  ssimTelegrams: { all: 'P Ad Am Ai' },
  ssimTelegram: { all: 'P Am' },
  cimpTelegrams: { all: 'P Ad Am Ai' },
  cimpTelegram: { all: 'P Am' },
  cimpUpload: { all: 'P Am' },
  cimpEdit: { all: 'P Am' },
  cimpSend: { all: 'P Am' },
  ahmTelegrams: { all: 'P Ad Am Ai' },
  ahmTelegram: { all: 'P Am' },
  sitaUpload: { all: 'P' },
  message: { all: 'P' },
};

describe('route gating table', () => {
  it('covers every route area', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(ACCESS).sort());
  });

  for (const area of Object.keys(TABLE) as AccessAreaName[]) {
    describe(area, () => {
      for (const scenario of Object.keys(SCENARIOS) as Scenario[]) {
        const row = TABLE[area] ?? {};
        const expected = row[scenario] ?? row.all ?? '';
        it(`${scenario}: ${expected || 'nobody'}`, () => {
          expect(allowed(area, scenario)).toBe(expected);
        });
      }
    });
  }

  it('closes the Airline settings screen unless airline UI settings say show_settings', () => {
    const profile = makeProfile({ role: 'airline_manager', airline_ui_settings: [{ show_settings: false }] });
    expect(canAccess(ACCESS.settingsAirline, gateContextOf(profile, detectHost('example.aero')))).toBe(false);
    const empty = makeProfile({ role: 'airline_manager', airline_ui_settings: [] });
    expect(canAccess(ACCESS.settingsAirline, gateContextOf(empty, detectHost('example.aero')))).toBe(false);
  });

  it('refuses every area to a visitor except the profile', () => {
    const visitor = makeProfile({ role: 'visitor', company_business_type: 'visitor', airline_code: null });
    const ctx = gateContextOf(visitor, detectHost('example.aero'));
    const open = (Object.keys(ACCESS) as AccessAreaName[]).filter((area) => canAccess(ACCESS[area], ctx));
    expect(open).toEqual(['profile']);
  });
});

describe('user kinds', () => {
  it('splits profile roles into company type and role', () => {
    expect(userKindOf({ role: 'airline_ics_inspector', company_business_type: 'airline' })).toEqual({
      type: 'airline',
      role: 'ics_inspector',
    });
    expect(userKindOf({ role: 'forwarder_operator', company_business_type: 'forwarder' })).toEqual({
      type: 'forwarder',
      role: 'default',
    });
    expect(userKindOf({ role: 'platform', company_business_type: 'platform' })).toEqual({
      type: 'platform',
      role: null,
    });
    expect(userKindOf({ role: 'airline_manager', company_business_type: null })).toEqual({
      type: 'airline',
      role: 'manager',
    });
    expect(userKindOf({ role: null, company_business_type: null })).toBeNull();
  });

  it('reads "airline code su" from the host, never from the own airline', () => {
    const suStaff = makeProfile({ role: 'airline_manager', airline_code: 'SU' });
    const onDefault = gateContextOf(suStaff, detectHost('example.aero'));
    expect(onDefault.host.subdomain).toBeNull();
    expect(onDefault.subject).toEqual({ type: 'airline', role: 'manager', airline: 'SU' });
    expect(canAccess(ACCESS.airWaybillCreate, onDefault)).toBe(false);
    expect(canAccess(ACCESS.flightsList, onDefault)).toBe(true);
    const forwarder = profileOn(detectHost('su.example.aero'), {
      role: 'forwarder_default',
      company_business_type: 'forwarder',
      airline_code: null,
    });
    expect(canAccess(ACCESS.airWaybillCreate, gateContextOf(forwarder, detectHost('su.example.aero')))).toBe(true);
  });
});
