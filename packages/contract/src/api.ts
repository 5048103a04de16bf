// The registry of every endpoint (import schemas and endpoints by their own subpath, e.g. @aircargo/contract/companies).
import { agreementsApi } from './agreements';
import { airWaybillListApi } from './air-waybill-lists';
import { airWaybillsApi } from './air-waybills';
import { airlineSettingsApi } from './airline-settings';
import { airlinesApi } from './airlines';
import { attachmentsApi } from './attachments';
import { authApi } from './auth';
import { allotmentsApi, bookingRulesApi, bookingsApi } from './bookings';
import { companiesApi } from './companies';
import type { AnyEndpoint } from './endpoint';
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
} from './flights';
import { forwarderCustomersApi } from './forwarder-customers';
import { handlersApi } from './handlers';
import { healthApi } from './health';
import { houseWaybillsApi, waybillMessagesApi } from './house-waybills';
import { ahmTelegramsApi, cimpTelegramsApi, telegramIntakeApi, telegramIntakeKeysApi } from './incoming-telegrams';
import { eventsApi } from './log';
import { movementsApi, trackingApi } from './movements';
import { notableCompaniesApi } from './notable-companies';
import { messageSettingsApi, messagingSettingsApi, outgoingMessagesApi } from './outgoing-messages';
import { profileApi } from './profile';
import { referenceApi } from './reference';
import { connectionTimesApi, permittedRoutesApi, routeSearchApi } from './route-search';
import { ssimTelegramsApi } from './ssim-telegrams';
import { stockPrefixesApi, stocksApi } from './stocks';
import { tariffChargesApi, tariffGroupsApi, tariffSurchargesApi, tariffsApi } from './tariffs';
import { uiSettingsApi } from './ui-settings';
import { usersApi } from './users';
import { waybillDocumentsApi } from './waybill-documents';
import { waybillLabelsApi } from './waybill-labels';
import { voidRequestsApi, waybillLifecycleApi } from './waybill-lifecycle';
import { waybillTelegramsApi } from './waybill-telegrams';

/** Every call of the API, by group: the one list server routes and web fetchers are made from. */
export const API = {
  health: healthApi,
  events: eventsApi,
  auth: authApi,
  profile: profileApi,
  companies: companiesApi,
  users: usersApi,
  agreements: agreementsApi,
  airlineSettings: airlineSettingsApi,
  airlines: airlinesApi,
  handlers: handlersApi,
  forwarderCustomers: forwarderCustomersApi,
  notableCompanies: notableCompaniesApi,
  uiSettings: uiSettingsApi,
  reference: referenceApi,
  flights: flightsApi,
  capacity: capacityApi,
  ssimTelegrams: ssimTelegramsApi,
  cimpTelegrams: cimpTelegramsApi,
  ahmTelegrams: ahmTelegramsApi,
  telegramIntake: telegramIntakeApi,
  telegramIntakeKeys: telegramIntakeKeysApi,
  tariffs: tariffsApi,
  tariffCharges: tariffChargesApi,
  tariffSurcharges: tariffSurchargesApi,
  tariffGroups: tariffGroupsApi,
  bookings: bookingsApi,
  allotments: allotmentsApi,
  bookingRules: bookingRulesApi,
  routeSearch: routeSearchApi,
  permittedRoutes: permittedRoutesApi,
  connectionTimes: connectionTimesApi,
  segmentPayloads: segmentPayloadsApi,
  segmentPayloadFiles: segmentPayloadFilesApi,
  paxOdAverages: paxOdAveragesApi,
  paxOdAverageFiles: paxOdAverageFilesApi,
  baggageAverages: baggageAveragesApi,
  baggageStats: baggageStatsApi,
  baggageStatRecord: baggageStatRecordApi,
  baggageStatFiles: baggageStatFilesApi,
  stocks: stocksApi,
  stockPrefixes: stockPrefixesApi,
  airWaybills: airWaybillsApi,
  waybillLifecycle: waybillLifecycleApi,
  voidRequests: voidRequestsApi,
  airWaybillLists: airWaybillListApi,
  houseWaybills: houseWaybillsApi,
  waybillMessages: waybillMessagesApi,
  movements: movementsApi,
  tracking: trackingApi,
  attachments: attachmentsApi,
  waybillLabels: waybillLabelsApi,
  waybillDocuments: waybillDocumentsApi,
  messageSettings: messageSettingsApi,
  messagingSettings: messagingSettingsApi,
  outgoingMessages: outgoingMessagesApi,
  waybillTelegrams: waybillTelegramsApi,
} as const satisfies Record<string, Record<string, AnyEndpoint>>;

export type ApiGroup = keyof typeof API;

/** Every endpoint with its group and name, e.g. `companies.list`. */
export function allEndpoints(): { id: string; group: ApiGroup; endpoint: AnyEndpoint }[] {
  return Object.entries(API).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({
      id: `${group}.${name}`,
      group: group as ApiGroup,
      endpoint: endpoint as AnyEndpoint,
    })),
  );
}
