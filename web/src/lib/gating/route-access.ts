import { agreementsApi } from '@aircargo/contract/agreements';
import { airWaybillListApi } from '@aircargo/contract/air-waybill-lists';
import { airWaybillsApi } from '@aircargo/contract/air-waybills';
import { airlineSettingsApi } from '@aircargo/contract/airline-settings';
import { airlinesApi } from '@aircargo/contract/airlines';
import { attachmentsApi } from '@aircargo/contract/attachments';
import { authApi } from '@aircargo/contract/auth';
import { allotmentsApi, bookingRulesApi, bookingsApi } from '@aircargo/contract/bookings';
import { companiesApi } from '@aircargo/contract/companies';
import {
  baggageAveragesApi,
  baggageStatFilesApi,
  baggageStatRecordApi,
  baggageStatsApi,
  capacityApi,
  flightsApi,
  paxOdAverageFilesApi,
  paxOdAveragesApi,
  segmentPayloadFilesApi,
  segmentPayloadsApi,
} from '@aircargo/contract/flights';
import { handlersApi } from '@aircargo/contract/handlers';
import { houseWaybillsApi, waybillMessagesApi } from '@aircargo/contract/house-waybills';
import { ahmTelegramsApi, cimpTelegramsApi, telegramIntakeKeysApi } from '@aircargo/contract/incoming-telegrams';
import { movementsApi } from '@aircargo/contract/movements';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { messageSettingsApi, messagingSettingsApi, outgoingMessagesApi } from '@aircargo/contract/outgoing-messages';
import { profileApi } from '@aircargo/contract/profile';
import { referenceApi } from '@aircargo/contract/reference';
import { connectionTimesApi, permittedRoutesApi, routeSearchApi } from '@aircargo/contract/route-search';
import { ssimTelegramsApi } from '@aircargo/contract/ssim-telegrams';
import { stockPrefixesApi, stocksApi } from '@aircargo/contract/stocks';
import { tariffChargesApi, tariffSurchargesApi, tariffsApi } from '@aircargo/contract/tariffs';
import { usersApi } from '@aircargo/contract/users';
import { voidRequestsApi, waybillLifecycleApi } from '@aircargo/contract/waybill-lifecycle';
import { waybillTelegramsApi } from '@aircargo/contract/waybill-telegrams';
import { SUBDOMAINS } from '@aircargo/domain/carrier-rules';
import type { Permission } from '@aircargo/domain/permissions';
import { type AccessArea, airlineSettingsShown, type Requirement, type UserKey } from './access';

// The route gating table of the specification (seed 000, section 6), one entry per route area. Each area names the
// server permissions its screen's calls need (the one truth, packages/domain/src/permissions.ts, which also holds the
// carrier and subdomain rules); requirement sets only narrow an area where the seed's table is narrower than the
// permission. The router (app/routes/route-table.tsx) attaches these to routes; the generated tests walk every area.

const AIRLINE_OPERATIONAL: UserKey[] = [
  'airline:default',
  'airline:manager',
  'airline:billing',
  'airline:ics_inspector',
];
const AIRLINE_ALL: UserKey[] = ['airline:admin', ...AIRLINE_OPERATIONAL];

const only = (...users: UserKey[]): Requirement => ({ users });

function area(permissions: Permission[], ...requirements: Requirement[]): AccessArea {
  return requirements.length > 0 ? { permissions, requirements } : { permissions };
}

/** Settings (general): every company role; on the su subdomain only platform and forwarder admins. */
const SETTINGS_GENERAL: Requirement[] = [
  { forbiddenSubdomains: [SUBDOMAINS.su], users: ['platform', ...AIRLINE_ALL, 'forwarder:*'] },
  only('platform', 'forwarder:admin'),
];
const general = (permissions: Permission[]): AccessArea => ({ permissions, requirements: SETTINGS_GENERAL });

const MANAGER_CREATE = only('platform', 'airline:default', 'airline:manager');
const MANAGER_ONLY = only('platform', 'airline:manager');
const SETTINGS_OPERATIONAL = only('platform', 'airline:manager', 'airline:default');

export const ACCESS = {
  /** Shipments, air waybills and their detail pages. */
  shipments: {
    ...area(['air_waybills:read'], only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')),
    calls: [
      airWaybillListApi.list,
      airWaybillsApi.get,
      airWaybillsApi.bookings,
      airWaybillsApi.changes,
      houseWaybillsApi.list,
      movementsApi.list,
      waybillMessagesApi.fwb,
      waybillMessagesApi.fhl,
      waybillLifecycleApi.alerts,
      waybillLifecycleApi.verificationDifference,
      voidRequestsApi.ofWaybill,
      attachmentsApi.list,
      attachmentsApi.download,
      waybillTelegramsApi.outgoingMessages,
    ],
    callsWhen: [
      {
        permission: 'air_waybills:write',
        calls: [
          waybillTelegramsApi.sendFwb,
          waybillTelegramsApi.sendFhl,
          airWaybillsApi.calculate,
          airWaybillsApi.deleteRate,
          movementsApi.create,
          movementsApi.delete,
          waybillLifecycleApi.dismissAlert,
          voidRequestsApi.create,
          voidRequestsApi.cancel,
          attachmentsApi.upload,
          attachmentsApi.remove,
        ],
      },
      {
        permission: 'air_waybills:issue',
        calls: [waybillLifecycleApi.issue, waybillLifecycleApi.cancelIssue, waybillLifecycleApi.deliver],
      },
      { permission: 'air_waybills:verify', calls: [waybillLifecycleApi.verify, waybillLifecycleApi.cancelVerify] },
      {
        permission: 'air_waybills:void',
        calls: [
          waybillLifecycleApi.void,
          waybillLifecycleApi.voidPayment,
          waybillLifecycleApi.cancelVoid,
          voidRequestsApi.resolve,
        ],
      },
      { permission: 'house_waybills:write', calls: [houseWaybillsApi.delete] },
    ],
  },
  bookings: {
    ...area(['bookings:read'], only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')),
    calls: [bookingsApi.list, bookingsApi.get],
    callsWhen: [
      {
        permission: 'bookings:write',
        calls: [bookingsApi.change, bookingsApi.cancel, bookingsApi.status, flightsApi.list],
      },
      // The booking page looks up the waybill of the booking's number to link it (or offer to create it).
      { permission: 'air_waybills:read', calls: [airWaybillsApi.get] },
    ],
  },
  houseWaybills: {
    ...area(['house_waybills:write', 'air_waybills:read']),
    calls: [houseWaybillsApi.list, houseWaybillsApi.get, houseWaybillsApi.create, houseWaybillsApi.update],
    callsWhen: [{ permission: 'air_waybills:read', calls: [houseWaybillsApi.previousSsr] }],
  },
  agentAirWaybills: {
    ...area(['agent_air_waybills:read'], { environments: ['staging'], users: ['platform'] }),
    calls: [airWaybillListApi.agentList],
  },
  /** "airline su only": the permission holds on the su subdomain only. */
  airWaybillCreate: {
    ...area(['air_waybills:create']),
    calls: [airWaybillsApi.create],
    callsWhen: [
      { permission: 'stocks:read', calls: [stockPrefixesApi.list, stocksApi.list] },
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
      { permission: 'air_waybills:read', calls: [houseWaybillsApi.previousSsr] },
    ],
  },
  /** The waybill form in edit mode (/shipments/:mawb/edit-awb): those who may change a waybill. */
  airWaybillEdit: {
    ...area(['air_waybills:read', 'air_waybills:write'], only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')),
    calls: [airWaybillsApi.get, airWaybillsApi.update, houseWaybillsApi.previousSsr],
  },
  /** A forwarder makes the waybill of its booking anywhere (/bookings/:id/air-waybill), like the bookings screens. */
  bookingAirWaybill: {
    ...area(
      ['bookings:read', 'air_waybills:read', 'air_waybills:write'],
      only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default'),
    ),
    calls: [bookingsApi.get, airWaybillsApi.fromBooking, houseWaybillsApi.previousSsr],
    callsWhen: [{ permission: 'stocks:read', calls: [stockPrefixesApi.list, stocksApi.list] }],
  },
  bookingSelection: {
    ...area(['routes:search', 'bookings:write'], {
      subdomainTypes: ['forwarder'],
      users: ['forwarder:default'],
    }),
    calls: [routeSearchApi.trips, routeSearchApi.flightRoutes, bookingsApi.create],
  },
  offers: area(['offers:read'], { subdomains: [SUBDOMAINS.offers], users: ['forwarder:default'] }),
  offersEdit: area(['offers:write'], { subdomains: [SUBDOMAINS.offers], users: ['forwarder:default'] }),

  flightsList: {
    ...area(['flights:read']),
    calls: [flightsApi.list, flightsApi.get, flightsApi.loadFactor, flightsApi.changeLogs],
    callsWhen: [
      { permission: 'flights:write', calls: [flightsApi.update, flightsApi.cancel] },
      { permission: 'flights:operate', calls: [flightsApi.sales, flightsApi.lock, flightsApi.unlock] },
      { permission: 'allotments:read', calls: [allotmentsApi.list] },
      { permission: 'booking_rules:read', calls: [bookingRulesApi.list] },
    ],
  },
  /** Action-required and with-shipments tabs exclude forwarders. */
  flightsAirlineTabs: area(['flights:read'], only('platform', ...AIRLINE_OPERATIONAL)),
  flightsAci: area(['flights:aci']),
  flightEdit: {
    ...area(['flights:write', 'flights:read']),
    calls: [flightsApi.create, flightsApi.get, flightsApi.update],
  },
  flightBookingRule: area(['booking_rules:write'], MANAGER_CREATE),
  aircraftCapacity: {
    ...area(['capacities:read', 'flights:read']),
    calls: [capacityApi.segmentCapacity, flightsApi.get],
    callsWhen: [{ permission: 'capacities:write', calls: [capacityApi.updateSegmentCapacity] }],
  },
  aircraft: {
    ...area(['flights:read', 'capacities:read'], only('platform', ...AIRLINE_OPERATIONAL)),
    calls: [capacityApi.aircraftCapacities],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },

  /** The three tariff lists with their awareness marks, tariffs.xlsx and the price check. */
  tariffs: {
    ...area(['tariffs:read']),
    calls: [
      tariffsApi.list,
      tariffsApi.xlsx,
      tariffsApi.notificationMarks,
      tariffsApi.quote,
      tariffChargesApi.list,
      tariffChargesApi.notificationMarks,
      tariffSurchargesApi.list,
      tariffSurchargesApi.notificationMarks,
    ],
    callsWhen: [
      {
        permission: 'tariffs:write',
        calls: [
          tariffsApi.remove,
          tariffsApi.upload,
          tariffSurchargesApi.create,
          tariffSurchargesApi.update,
          tariffSurchargesApi.remove,
          notableCompaniesApi.list,
        ],
      },
      { permission: 'tariff_charges:write', calls: [tariffChargesApi.remove] },
      // The platform's airline filter and the price check's client (airlines and the platform).
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  externalTariffEdit: {
    ...area(
      ['tariffs:write', 'tariffs:read', 'notable_companies:read'],
      { environments: ['staging'], users: ['platform', 'airline:manager'] },
      { feature: 'externalTariffs', users: ['platform', 'airline:manager'] },
    ),
    calls: [tariffsApi.get, tariffsApi.create, tariffsApi.update, notableCompaniesApi.list],
  },
  externalChargeEdit: {
    ...area(['tariff_charges:write', 'tariffs:read', 'notable_companies:read'], only('platform')),
    calls: [tariffChargesApi.get, tariffChargesApi.create, tariffChargesApi.update, notableCompaniesApi.list],
  },

  bi: area(['bi:read']),
  /**
   * The profile answers also while the company is blocked (decision 014), when the profile holds only profile:read and
   * profile:switch_role; the invitations card's calls are not required here for that reason.
   */
  profile: {
    ...area(
      ['profile:read', 'profile:switch_role'],
      only('platform', ...AIRLINE_ALL, 'forwarder:admin', 'forwarder:default', 'visitor'),
    ),
    calls: [profileApi.get, profileApi.switchRole, authApi.updatePassword],
  },
  featureRequests: area(['feature_requests:read'], only('platform', 'airline:manager')),
  featureRequestsEdit: area(['feature_requests:write'], only('platform', 'airline:manager')),
  /** Screens that call nothing of their own. */
  uiKit: area([], { environments: ['staging'], users: ['platform'] }),
  webSocketTest: area(['notifications:read'], only('platform')),
  receptacles: area(['air_waybills:read'], only('platform')),
  voidRequests: {
    ...area(['air_waybills:read'], only('platform', ...AIRLINE_OPERATIONAL)),
    calls: [voidRequestsApi.list],
    callsWhen: [
      { permission: 'air_waybills:void', calls: [voidRequestsApi.resolve] },
      { permission: 'air_waybills:write', calls: [voidRequestsApi.cancel] },
    ],
  },

  settingsAirline: {
    ...area(['airline_settings:read', 'airline_airports:read'], only('platform'), {
      users: AIRLINE_ALL,
      when: airlineSettingsShown,
    }),
    calls: [airlineSettingsApi.get, airlinesApi.airports],
    callsWhen: [
      { permission: 'airline_settings:update', calls: [airlineSettingsApi.update] },
      { permission: 'airline_airports:update', calls: [airlinesApi.updateAirports] },
      { permission: 'airline_ui_setting:update', calls: [airlinesApi.uiSetting, airlinesApi.updateUiSetting] },
    ],
  },
  capacities: {
    ...area(['capacities:read'], SETTINGS_OPERATIONAL),
    calls: [capacityApi.aircraftCapacities],
    callsWhen: [
      { permission: 'capacities:write', calls: [capacityApi.updateAircraftCapacities] },
      // The platform's airline picker.
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  handlers: {
    ...area(['handlers:read'], SETTINGS_OPERATIONAL),
    calls: [handlersApi.list],
    callsWhen: [{ permission: 'handlers:write', calls: [handlersApi.remove] }],
  },
  handlersEdit: {
    ...area(['handlers:write', 'handlers:read', 'notable_companies:read'], MANAGER_ONLY),
    calls: [handlersApi.get, handlersApi.create, handlersApi.update, notableCompaniesApi.list],
  },
  products: area(['reference:read'], SETTINGS_OPERATIONAL),
  /** Segment payloads, PAX O&D averages, baggage averages and statistics: their calls need the capacity permission. */
  statistics: {
    ...general(['statistics:read', 'capacities:read']),
    calls: [
      segmentPayloadsApi.list,
      paxOdAveragesApi.list,
      baggageAveragesApi.list,
      baggageStatsApi.list,
      segmentPayloadFilesApi.template,
      paxOdAverageFilesApi.template,
      baggageStatFilesApi.template,
    ],
    callsWhen: [
      {
        permission: 'capacities:write',
        calls: [
          segmentPayloadsApi.create,
          segmentPayloadsApi.update,
          segmentPayloadsApi.remove,
          segmentPayloadFilesApi.upload,
          paxOdAveragesApi.create,
          paxOdAveragesApi.update,
          paxOdAveragesApi.remove,
          paxOdAverageFilesApi.upload,
          baggageAveragesApi.create,
          baggageAveragesApi.update,
          baggageAveragesApi.remove,
          referenceApi.airports,
          referenceApi.aircraftTypes,
        ],
      },
      { permission: 'statistics:write', calls: [baggageStatsApi.remove, baggageStatFilesApi.upload] },
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  /** Baggage statistics create/edit: the permission holds without a subdomain or on the named airline subdomain. */
  baggageStatsEdit: {
    ...area(['statistics:write', 'capacities:read', 'reference:read'], MANAGER_ONLY),
    calls: [
      baggageStatsApi.create,
      baggageStatsApi.update,
      baggageStatRecordApi.get,
      referenceApi.airports,
      referenceApi.aircraftTypes,
    ],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },
  /** The company's own addresses and gateway; the intake keys for those who write messaging. */
  messagingSettings: {
    ...general(['messaging:read']),
    calls: [messagingSettingsApi.get],
    callsWhen: [
      { permission: 'message_settings:write', calls: [messagingSettingsApi.update] },
      {
        permission: 'messaging:write',
        calls: [telegramIntakeKeysApi.list, telegramIntakeKeysApi.create, telegramIntakeKeysApi.delete],
      },
      // The platform's choice of the airline whose settings it edits.
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  /** Message settings list, create and edit (seed 000: platform; airline manager). */
  messageSettings: {
    ...area(['message_settings:write', 'messaging:read'], MANAGER_ONLY),
    calls: [
      messageSettingsApi.list,
      messageSettingsApi.get,
      messageSettingsApi.create,
      messageSettingsApi.update,
      messageSettingsApi.remove,
    ],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },
  permittedRoutes: {
    ...area(['permitted_routes:write'], MANAGER_ONLY),
    calls: [
      permittedRoutesApi.list,
      permittedRoutesApi.get,
      permittedRoutesApi.create,
      permittedRoutesApi.update,
      permittedRoutesApi.remove,
    ],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },
  /** Minimum connection times (issue 11 item 1; no seed screen): airlines read, managers write their exceptions. */
  connectionTimes: {
    ...area(['connection_times:read'], only('platform', ...AIRLINE_OPERATIONAL)),
    calls: [connectionTimesApi.list],
    callsWhen: [{ permission: 'connection_times:write', calls: [connectionTimesApi.remove] }],
  },
  connectionTimesEdit: {
    ...area(['connection_times:write', 'connection_times:read', 'reference:read'], MANAGER_ONLY),
    calls: [connectionTimesApi.get, connectionTimesApi.create, connectionTimesApi.update, referenceApi.airports],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },
  agreements: { ...general(['agreements:read']), calls: [agreementsApi.list] },
  agreementCreate: {
    ...area(['agreements:create', 'agreements:read'], MANAGER_CREATE),
    calls: [agreementsApi.create, agreementsApi.companies],
  },
  agreementEdit: {
    ...area(['agreements:update', 'agreements:read'], MANAGER_CREATE),
    calls: [agreementsApi.get, agreementsApi.update, agreementsApi.companies],
  },
  agentAgreements: {
    ...area(['agent_agreements:read'], only('platform', 'forwarder:admin', 'forwarder:default')),
    calls: [agreementsApi.agentList],
  },
  /** AWB stock (issue 12 item 1): prefixes and ranges; assign, withdraw and prefix changes for stocks:write. */
  stocks: {
    ...general(['stocks:read']),
    calls: [stockPrefixesApi.list, stocksApi.ranges, stocksApi.rangesCsv, stocksApi.rangesXlsx],
    callsWhen: [
      {
        permission: 'stocks:write',
        calls: [stockPrefixesApi.create, stockPrefixesApi.update, stocksApi.assign, stocksApi.withdraw],
      },
      { permission: 'reference:read', calls: [referenceApi.airports] },
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  agentStocks: {
    ...area(['stocks:read'], only('platform', 'forwarder:admin', 'forwarder:default')),
    calls: [stocksApi.ranges, stocksApi.rangesCsv, stocksApi.rangesXlsx],
    callsWhen: [{ permission: 'notable_companies:read', calls: [notableCompaniesApi.list] }],
  },
  /** Booking rules and the check dialog (its flight picker only for those who read flights). */
  bookingRules: {
    ...general(['booking_rules:read']),
    calls: [bookingRulesApi.list, bookingRulesApi.get, bookingRulesApi.check],
    callsWhen: [
      { permission: 'booking_rules:write', calls: [bookingRulesApi.remove] },
      { permission: 'flights:read', calls: [flightsApi.list] },
    ],
  },
  /** Booking rule create and edit. */
  bookingRulesCreate: {
    ...area(['booking_rules:write', 'booking_rules:read', 'reference:read'], MANAGER_CREATE),
    calls: [bookingRulesApi.get, bookingRulesApi.create, bookingRulesApi.update, referenceApi.airports],
    callsWhen: [
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
      { permission: 'flights:read', calls: [flightsApi.list] },
    ],
  },
  allotments: {
    ...general(['allotments:read']),
    calls: [allotmentsApi.list],
    callsWhen: [
      { permission: 'allotments:write', calls: [allotmentsApi.remove] },
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  /** Allotment create and edit. */
  allotmentsCreate: {
    ...area(['allotments:write', 'allotments:read', 'reference:read'], MANAGER_CREATE),
    calls: [allotmentsApi.get, allotmentsApi.create, allotmentsApi.update, referenceApi.airports],
    callsWhen: [
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
      { permission: 'flights:read', calls: [flightsApi.list] },
    ],
  },
  companies: {
    ...area(['companies:list', 'companies:state'], only('platform')),
    calls: [companiesApi.list, companiesApi.setState],
  },
  companyCreate: {
    ...area(['companies:create', 'reference:read'], only('platform')),
    calls: [companiesApi.create, referenceApi.countries],
  },
  companyEdit: {
    ...area(['companies:read', 'companies:update', 'reference:read'], only('platform')),
    calls: [companiesApi.get, companiesApi.update, referenceApi.countries],
  },
  /** Parties: forwarder default users except on excluded airlines (the permission's rule); the edit page also managers. */
  parties: area(['parties:read'], only('platform', 'forwarder:default')),
  partiesEdit: area(['parties:write'], only('platform', 'airline:manager', 'forwarder:default')),
  beneficiaryState: area([], { environments: ['staging'], users: ['platform', ...AIRLINE_ALL, 'forwarder:*'] }),
  /** Airline admins on the airlines listed for it (the permission's rule), platform and airline admins on staging. */
  users: {
    ...area(
      ['company_users:read', 'company_users:create', 'company_users:update'],
      { users: ['airline:admin'] },
      { environments: ['staging'], users: ['platform'] },
      // The landing table sends forwarder admins to the users page, so they manage their own company's users.
      only('forwarder:admin'),
    ),
    calls: [usersApi.list, usersApi.create, usersApi.update],
  },

  balances: area(['settlements:read'], only('platform', ...AIRLINE_OPERATIONAL, 'forwarder:default')),
  payments: area(['payments:read'], only('platform', ...AIRLINE_OPERATIONAL)),

  telegrams: area(['messaging:read']),
  telegramEdit: area(['messaging:write'], MANAGER_ONLY),
  /** SSIM telegrams list; the schedule export and the detail links need ssim:read. */
  ssimTelegrams: {
    ...area(['messaging:read']),
    calls: [ssimTelegramsApi.list],
    callsWhen: [{ permission: 'ssim:read', calls: [ssimTelegramsApi.exportSchedule] }],
  },
  /** "SSIM/CIMP/AHM telegram detail: platform; airline manager"; restart where the upload is allowed. */
  ssimTelegram: {
    ...area(['ssim:read'], MANAGER_ONLY),
    calls: [ssimTelegramsApi.get],
    callsWhen: [{ permission: 'ssim:upload', calls: [ssimTelegramsApi.restart] }],
  },
  ssimUpload: {
    ...area(['ssim:upload', 'ssim:read']),
    calls: [ssimTelegramsApi.upload, ssimTelegramsApi.get],
  },
  /** Cargo-IMP telegrams received: the list for every messaging role; the detail links for who may open it. */
  cimpTelegrams: { ...area(['messaging:read']), calls: [cimpTelegramsApi.list] },
  /** "SSIM/CIMP/AHM telegram detail: platform; airline manager"; restart (and the edit page's link) there too. */
  cimpTelegram: {
    ...area(['messaging:write'], MANAGER_ONLY),
    calls: [cimpTelegramsApi.get, cimpTelegramsApi.restart],
  },
  /** Upload with validation before sending: storing telegrams is a messaging write. */
  cimpUpload: {
    ...area(['messaging:write', 'messaging:read']),
    calls: [cimpTelegramsApi.validate, cimpTelegramsApi.upload, cimpTelegramsApi.get],
  },
  /** "CIMP edit: platform; airline manager": correct with live validation, save and restart. */
  cimpEdit: {
    ...area(['messaging:write', 'messaging:read'], MANAGER_ONLY),
    calls: [cimpTelegramsApi.get, cimpTelegramsApi.validate, cimpTelegramsApi.update, cimpTelegramsApi.restart],
  },
  /** "A CIMP send/validate screen": sending a composed Cargo-IMP text is a messaging write. */
  cimpSend: {
    ...area(['messaging:write', 'messaging:read']),
    calls: [cimpTelegramsApi.validate, waybillTelegramsApi.sendCimp],
  },
  ahmTelegrams: { ...area(['messaging:read']), calls: [ahmTelegramsApi.list] },
  ahmTelegram: { ...area(['messaging:write'], MANAGER_ONLY), calls: [ahmTelegramsApi.get] },
  /** The outgoing messages log with each row's details; restart for those who write messaging. */
  outgoingMessages: {
    ...area(['messaging:read']),
    calls: [outgoingMessagesApi.list, outgoingMessagesApi.get],
    callsWhen: [
      { permission: 'messaging:write', calls: [outgoingMessagesApi.restart] },
      // The platform's airline filter.
      { permission: 'notable_companies:read', calls: [notableCompaniesApi.list] },
    ],
  },
  sitaUpload: {
    ...area(['sita:send', 'messaging:read'], only('platform')),
    calls: [outgoingMessagesApi.sendSita, messagingSettingsApi.get],
  },
  message: {
    ...area(['messaging:read'], only('platform')),
    calls: [outgoingMessagesApi.get],
    callsWhen: [{ permission: 'messaging:write', calls: [outgoingMessagesApi.restart] }],
  },
} satisfies Record<string, AccessArea>;

export type AccessAreaName = keyof typeof ACCESS;
