import { type Access, airlineSettingsShown, type Requirement, type UserKey } from './access';
import {
  ACI_CARRIERS,
  AWB_CREATE_CARRIER,
  BAGGAGE_STATS_SUBDOMAIN,
  BALANCES_CARRIERS,
  EXTERNAL_TARIFF_CARRIERS,
  FEATURE_REQUESTS_SUBDOMAIN,
  OFFERS_SUBDOMAIN,
  PARTIES_EXCLUDED_CARRIERS,
  RESTRICTED_SETTINGS_CARRIER,
  SEGMENT_EDIT_CARRIERS,
  SSIM_ACCESS_CARRIERS,
  USERS_PAGE_CARRIERS,
} from './constants';

// The route gating table of the specification (seed 000, section 6), one entry per route area.
// The router (app/routes/route-table.tsx) attaches these to routes; the tests walk every area.

const AIRLINE_OPERATIONAL: UserKey[] = [
  'airline:default',
  'airline:manager',
  'airline:billing',
  'airline:ics_inspector',
];
const AIRLINE_ALL: UserKey[] = ['airline:admin', ...AIRLINE_OPERATIONAL];

const only = (...users: UserKey[]): Requirement => ({ users });

export const ACCESS = {
  /** Shipments, air waybills, bookings and their detail pages (not restricted by the specification beyond company users). */
  shipments: [only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')],
  agentAirWaybills: [{ environments: ['staging'], users: ['platform'] }],
  airWaybillCreate: [{ carriers: [AWB_CREATE_CARRIER], users: ['platform', ...AIRLINE_ALL, 'forwarder:*'] }],
  bookingSelection: [{ subdomainTypes: ['forwarder'], users: ['forwarder:default'] }],
  offers: [{ subdomains: [OFFERS_SUBDOMAIN], users: ['forwarder:default'] }],

  flightsList: [only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')],
  /** Action-required and with-shipments tabs exclude forwarders. */
  flightsAirlineTabs: [only('platform', ...AIRLINE_OPERATIONAL)],
  flightsAci: [
    only('platform'),
    { carriers: ACI_CARRIERS, users: ['airline:default', 'airline:manager', 'airline:ics_inspector'] },
  ],
  flightEdit: [only('platform'), { carriers: SEGMENT_EDIT_CARRIERS, users: ['airline:manager'] }],
  aircraftCapacity: [only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')],
  aircraft: [only('platform', ...AIRLINE_OPERATIONAL)],

  tariffs: [only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')],
  externalTariffEdit: [
    { environments: ['staging'], users: ['platform', 'airline:manager'] },
    { carriers: EXTERNAL_TARIFF_CARRIERS, users: ['platform', 'airline:manager'] },
  ],
  externalChargeEdit: [only('platform')],

  bi: [only('platform', 'airline:manager', 'airline:billing')],
  profile: [only('platform', ...AIRLINE_ALL, 'forwarder:admin', 'forwarder:default', 'visitor', 'handler')],
  featureRequests: [{ subdomains: [FEATURE_REQUESTS_SUBDOMAIN], users: ['platform', 'airline:manager'] }],
  uiKit: [{ environments: ['staging'], users: ['platform'] }],
  platformOnly: [only('platform')],
  voidRequests: [only('platform', ...AIRLINE_OPERATIONAL)],

  /** General settings; on the restricted airline only platform and forwarder admins. */
  settingsGeneral: [
    { forbiddenCarriers: [RESTRICTED_SETTINGS_CARRIER], users: ['platform', ...AIRLINE_ALL, 'forwarder:*'] },
    only('platform', 'forwarder:admin'),
  ],
  settingsAirline: [
    {
      forbiddenCarriers: [RESTRICTED_SETTINGS_CARRIER],
      users: ['platform', ...AIRLINE_ALL],
      when: airlineSettingsShown,
    },
    { users: ['platform'], when: airlineSettingsShown },
  ],
  settingsOperational: [only('platform', 'airline:manager', 'airline:default')],
  users: [
    { carriers: USERS_PAGE_CARRIERS, users: ['airline:admin'] },
    { environments: ['staging'], users: ['platform', 'airline:admin'] },
    // The landing table sends forwarder admins to the users page, so they manage their own company's users.
    only('forwarder:admin'),
  ],
  managerCreate: [only('platform', 'airline:default', 'airline:manager')],
  agentAgreements: [only('platform', 'forwarder:admin', 'forwarder:default')],
  baggageStatsEdit: [{ subdomains: [null, BAGGAGE_STATS_SUBDOMAIN], users: ['platform', 'airline:manager'] }],
  managerOnly: [only('platform', 'airline:manager')],
  parties: [only('platform'), { forbiddenCarriers: PARTIES_EXCLUDED_CARRIERS, users: ['forwarder:default'] }],
  partiesEdit: [
    only('platform', 'airline:manager'),
    { forbiddenCarriers: PARTIES_EXCLUDED_CARRIERS, users: ['forwarder:default'] },
  ],
  beneficiaryState: [{ environments: ['staging'], users: ['platform', ...AIRLINE_ALL, 'forwarder:*'] }],
  stocksAgent: [only('platform', 'forwarder:admin', 'forwarder:default')],

  balances: [only('platform'), { carriers: BALANCES_CARRIERS, users: [...AIRLINE_OPERATIONAL, 'forwarder:default'] }],
  payments: [only('platform'), { carriers: BALANCES_CARRIERS, users: AIRLINE_OPERATIONAL }],

  telegrams: [only('platform', 'airline:default', 'airline:manager', 'airline:ics_inspector')],
  ssimUpload: [only('platform'), { forbiddenCarriers: SSIM_ACCESS_CARRIERS, users: ['airline:manager'] }],
} satisfies Record<string, Access>;

export type AccessArea = keyof typeof ACCESS;
