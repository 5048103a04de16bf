import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type Access, airlineSettingsShown, type GateContext } from '@/lib/gating/access';
import { ACCESS } from '@/lib/gating/route-access';

// Every route of the specification under the main layout, with its access requirements.
// A route with `page` renders it; a route without one renders the generic "coming" page naming its capability.

type Page = LazyExoticComponent<ComponentType>;

function page<M>(load: () => Promise<M>, name: keyof M): Page {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const ProfileRoute = page(() => import('@/features/profile/routes/profile'), 'ProfileRoute');
const UsersRoute = page(() => import('@/features/users/routes/users'), 'UsersRoute');
const CompaniesRoute = page(() => import('@/features/companies/routes/companies'), 'CompaniesRoute');
const CompanyCreateRoute = page(() => import('@/features/companies/routes/company-create'), 'CompanyCreateRoute');
const CompanyEditRoute = page(() => import('@/features/companies/routes/company-edit'), 'CompanyEditRoute');
const AgreementsRoute = page(() => import('@/features/agreements/routes/agreements'), 'AgreementsRoute');
const AgentAgreementsRoute = page(
  () => import('@/features/agreements/routes/agent-agreements'),
  'AgentAgreementsRoute',
);
const AgreementCreateRoute = page(
  () => import('@/features/agreements/routes/agreement-create'),
  'AgreementCreateRoute',
);
const AgreementEditRoute = page(() => import('@/features/agreements/routes/agreement-edit'), 'AgreementEditRoute');
const SettingsAirlineRoute = page(
  () => import('@/features/settings-airline/routes/settings-airline'),
  'SettingsAirlineRoute',
);
const HandlersRoute = page(() => import('@/features/handlers/routes/handlers'), 'HandlersRoute');
const HandlerCreateRoute = page(() => import('@/features/handlers/routes/handler-create'), 'HandlerCreateRoute');
const HandlerEditRoute = page(() => import('@/features/handlers/routes/handler-edit'), 'HandlerEditRoute');
const SsimTelegramsRoute = page(() => import('@/features/ssim-telegrams/routes/ssim-telegrams'), 'SsimTelegramsRoute');
const SsimTelegramRoute = page(() => import('@/features/ssim-telegrams/routes/ssim-telegram'), 'SsimTelegramRoute');
const SsimUploadRoute = page(() => import('@/features/ssim-telegrams/routes/ssim-upload'), 'SsimUploadRoute');
const MessagingSettingsRoute = page(
  () => import('@/features/message-settings/routes/messaging-settings'),
  'MessagingSettingsRoute',
);
const MessageSettingsRoute = page(
  () => import('@/features/message-settings/routes/message-settings'),
  'MessageSettingsRoute',
);
const MessageSettingCreateRoute = page(
  () => import('@/features/message-settings/routes/message-setting-create'),
  'MessageSettingCreateRoute',
);
const MessageSettingEditRoute = page(
  () => import('@/features/message-settings/routes/message-setting-edit'),
  'MessageSettingEditRoute',
);
const OutgoingMessagesRoute = page(
  () => import('@/features/outgoing-messages/routes/outgoing-messages'),
  'OutgoingMessagesRoute',
);
const MessageRoute = page(() => import('@/features/outgoing-messages/routes/message'), 'MessageRoute');
const SitaRoute = page(() => import('@/features/outgoing-messages/routes/sita'), 'SitaRoute');
const CimpTelegramsRoute = page(() => import('@/features/telegrams/routes/telegrams'), 'CimpTelegramsRoute');
const AhmTelegramsRoute = page(() => import('@/features/telegrams/routes/telegrams'), 'AhmTelegramsRoute');
const CimpTelegramRoute = page(() => import('@/features/telegrams/routes/telegram'), 'CimpTelegramRoute');
const AhmTelegramRoute = page(() => import('@/features/telegrams/routes/telegram'), 'AhmTelegramRoute');
const CimpUploadRoute = page(() => import('@/features/telegrams/routes/cimp-upload'), 'CimpUploadRoute');
const CimpSendRoute = page(() => import('@/features/telegrams/routes/cimp-send'), 'CimpSendRoute');
const CimpEditRoute = page(() => import('@/features/telegrams/routes/cimp-edit'), 'CimpEditRoute');
const CapacitiesRoute = page(() => import('@/features/capacities/routes/capacities'), 'CapacitiesRoute');
const SegmentPayloadsRoute = page(() => import('@/features/capacities/routes/records'), 'SegmentPayloadsRoute');
const PaxOdAveragesRoute = page(() => import('@/features/capacities/routes/records'), 'PaxOdAveragesRoute');
const BaggageAveragesRoute = page(() => import('@/features/capacities/routes/records'), 'BaggageAveragesRoute');
const BaggageStatsRoute = page(() => import('@/features/capacities/routes/records'), 'BaggageStatsRoute');
const BaggageStatCreateRoute = page(
  () => import('@/features/capacities/routes/baggage-stat-edit'),
  'BaggageStatCreateRoute',
);
const BaggageStatEditRoute = page(
  () => import('@/features/capacities/routes/baggage-stat-edit'),
  'BaggageStatEditRoute',
);
const flights = () => import('@/features/flights/routes/flights');
const FlightsCurrentRoute = page(flights, 'FlightsCurrentRoute');
const FlightsActionRequiredRoute = page(flights, 'FlightsActionRequiredRoute');
const FlightsWithShipmentsRoute = page(flights, 'FlightsWithShipmentsRoute');
const FlightsAciRoute = page(flights, 'FlightsAciRoute');
const FlightsAllRoute = page(flights, 'FlightsAllRoute');
const FlightRoute = page(() => import('@/features/flights/routes/flight'), 'FlightRoute');
const FlightEditRoute = page(() => import('@/features/flights/routes/flight'), 'FlightEditRoute');
const FlightCreateRoute = page(() => import('@/features/flights/routes/flight-create'), 'FlightCreateRoute');
const SegmentCapacityRoute = page(() => import('@/features/flights/routes/segment-capacity'), 'SegmentCapacityRoute');
const AircraftRoute = page(() => import('@/features/flights/routes/aircraft'), 'AircraftRoute');
const airWaybills = () => import('@/features/air-waybills/routes/air-waybills');
const AirWaybillsRoute = page(airWaybills, 'AirWaybillsRoute');
const ShipmentsRoute = page(airWaybills, 'ShipmentsRoute');
const AgentAirWaybillsRoute = page(airWaybills, 'AgentAirWaybillsRoute');
const ShipmentRoute = page(() => import('@/features/air-waybills/routes/shipment'), 'ShipmentRoute');
const shipmentPages = () => import('@/features/air-waybills/routes/shipment-pages');
const ShipmentFwbRoute = page(shipmentPages, 'ShipmentFwbRoute');
const ShipmentFhlRoute = page(shipmentPages, 'ShipmentFhlRoute');
const ShipmentBillingRoute = page(shipmentPages, 'ShipmentBillingRoute');
const ShipmentEditBookingRoute = page(shipmentPages, 'ShipmentEditBookingRoute');
const VoidRequestsRoute = page(() => import('@/features/air-waybills/routes/void-requests'), 'VoidRequestsRoute');
const TariffsRoute = page(() => import('@/features/tariffs/routes/tariffs'), 'TariffsRoute');
const TariffCreateRoute = page(() => import('@/features/tariffs/routes/tariff-create'), 'TariffCreateRoute');
const TariffEditRoute = page(() => import('@/features/tariffs/routes/tariff-edit'), 'TariffEditRoute');
const ChargesRoute = page(() => import('@/features/tariffs/routes/charges'), 'ChargesRoute');
const ChargeCreateRoute = page(() => import('@/features/tariffs/routes/charge-create'), 'ChargeCreateRoute');
const ChargeEditRoute = page(() => import('@/features/tariffs/routes/charge-edit'), 'ChargeEditRoute');
const SurchargesRoute = page(() => import('@/features/tariffs/routes/surcharges'), 'SurchargesRoute');
const BookingsRoute = page(() => import('@/features/bookings/routes/bookings'), 'BookingsRoute');
const BookingRoute = page(() => import('@/features/bookings/routes/booking'), 'BookingRoute');
const AirWaybillCreateRoute = page(
  () => import('@/features/air-waybill-forms/routes/air-waybill-create'),
  'AirWaybillCreateRoute',
);
const AirWaybillEditRoute = page(
  () => import('@/features/air-waybill-forms/routes/air-waybill-edit'),
  'AirWaybillEditRoute',
);
const BookingAirWaybillRoute = page(
  () => import('@/features/air-waybill-forms/routes/booking-air-waybill'),
  'BookingAirWaybillRoute',
);
const HouseWaybillCreateRoute = page(
  () => import('@/features/air-waybill-forms/routes/house-waybill-create'),
  'HouseWaybillCreateRoute',
);
const HouseWaybillEditRoute = page(
  () => import('@/features/air-waybill-forms/routes/house-waybill-edit'),
  'HouseWaybillEditRoute',
);
const OffersSelectRoute = page(() => import('@/features/offers/routes/offers-select'), 'OffersSelectRoute');
const StocksRoute = page(() => import('@/features/stocks/routes/stocks'), 'StocksRoute');
const AgentStocksRoute = page(() => import('@/features/stocks/routes/agent-stocks'), 'AgentStocksRoute');
const AllotmentsRoute = page(() => import('@/features/booking-settings/routes/allotments'), 'AllotmentsRoute');
const AllotmentCreateRoute = page(
  () => import('@/features/booking-settings/routes/allotment-create'),
  'AllotmentCreateRoute',
);
const AllotmentEditRoute = page(
  () => import('@/features/booking-settings/routes/allotment-edit'),
  'AllotmentEditRoute',
);
const BookingRulesRoute = page(() => import('@/features/booking-settings/routes/booking-rules'), 'BookingRulesRoute');
const BookingRuleCreateRoute = page(
  () => import('@/features/booking-settings/routes/booking-rule-create'),
  'BookingRuleCreateRoute',
);
const BookingRuleEditRoute = page(
  () => import('@/features/booking-settings/routes/booking-rule-edit'),
  'BookingRuleEditRoute',
);
const PermittedRoutesRoute = page(
  () => import('@/features/booking-settings/routes/permitted-routes'),
  'PermittedRoutesRoute',
);
const PermittedRouteCreateRoute = page(
  () => import('@/features/booking-settings/routes/permitted-route-create'),
  'PermittedRouteCreateRoute',
);
const ConnectionTimesRoute = page(
  () => import('@/features/booking-settings/routes/connection-times'),
  'ConnectionTimesRoute',
);
const ConnectionTimeCreateRoute = page(
  () => import('@/features/booking-settings/routes/connection-time-create'),
  'ConnectionTimeCreateRoute',
);
const ConnectionTimeEditRoute = page(
  () => import('@/features/booking-settings/routes/connection-time-edit'),
  'ConnectionTimeEditRoute',
);
const PermittedRouteEditRoute = page(
  () => import('@/features/booking-settings/routes/permitted-route-edit'),
  'PermittedRouteEditRoute',
);

export interface RouteDef {
  /** Path relative to the parent route. */
  path: string;
  /** Title key under "routes." in the i18n resources; it also names a coming capability. */
  title: string;
  access?: Access;
  page?: Page;
  /** Route parameter appended to the page title (e.g. the AWB number). */
  titleParam?: string;
  children?: RouteDef[];
  /** Index child of a parent: "first" opens the first child the user may enter, or a fixed child path. */
  index?: 'first' | string;
  /** A child the parent's "first" redirect passes over when this holds, though the user may still open it. */
  skipInIndex?: (ctx: GateContext) => boolean;
}

const crud = (
  path: string,
  title: string,
  access: Access,
  editAccess: Access = access,
  pages: [list?: Page, create?: Page, edit?: Page] = [],
): RouteDef[] => [
  { path, title, access, page: pages[0] },
  { path: `${path}/create`, title: `${title}Create`, access: editAccess, page: pages[1] },
  { path: `${path}/:id/edit`, title: `${title}Edit`, access: editAccess, titleParam: 'id', page: pages[2] },
];

export const SETTINGS_CHILDREN: RouteDef[] = [
  // Seed 000: /settings skips the Airline child unless the airline UI settings say show_settings; the platform may
  // still open it directly to pick an airline.
  {
    path: 'airline',
    title: 'settingsAirline',
    access: ACCESS.settingsAirline,
    page: SettingsAirlineRoute,
    skipInIndex: (ctx) => !airlineSettingsShown(ctx),
  },
  { path: 'capacities', title: 'capacities', access: ACCESS.capacities, page: CapacitiesRoute },
  { path: 'segment-payloads', title: 'segmentPayloads', access: ACCESS.statistics, page: SegmentPayloadsRoute },
  { path: 'pax-od-averages', title: 'paxOdAverages', access: ACCESS.statistics, page: PaxOdAveragesRoute },
  { path: 'baggage-averages', title: 'baggageAverages', access: ACCESS.statistics, page: BaggageAveragesRoute },
  { path: 'baggage-stats', title: 'baggageStats', access: ACCESS.statistics, page: BaggageStatsRoute },
  {
    path: 'baggage-stats/create',
    title: 'baggageStatsCreate',
    access: ACCESS.baggageStatsEdit,
    page: BaggageStatCreateRoute,
  },
  {
    path: 'baggage-stats/:id/edit',
    title: 'baggageStatsEdit',
    access: ACCESS.baggageStatsEdit,
    titleParam: 'id',
    page: BaggageStatEditRoute,
  },
  { path: 'handlers', title: 'handlers', access: ACCESS.handlers, page: HandlersRoute },
  { path: 'handlers/create', title: 'handlersCreate', access: ACCESS.handlersEdit, page: HandlerCreateRoute },
  {
    path: 'handlers/:id/edit',
    title: 'handlersEdit',
    access: ACCESS.handlersEdit,
    page: HandlerEditRoute,
    titleParam: 'id',
  },
  { path: 'messaging', title: 'messagingSettings', access: ACCESS.messagingSettings, page: MessagingSettingsRoute },
  ...crud('message-settings', 'messageSettings', ACCESS.messageSettings, ACCESS.messageSettings, [
    MessageSettingsRoute,
    MessageSettingCreateRoute,
    MessageSettingEditRoute,
  ]),
  { path: 'agreements', title: 'agreements', access: ACCESS.agreements, page: AgreementsRoute },
  { path: 'agreements/create', title: 'agreementsCreate', access: ACCESS.agreementCreate, page: AgreementCreateRoute },
  {
    path: 'agreements/:id/edit',
    title: 'agreementsEdit',
    access: ACCESS.agreementEdit,
    page: AgreementEditRoute,
    titleParam: 'id',
  },
  { path: 'agent/agreements', title: 'agentAgreements', access: ACCESS.agentAgreements, page: AgentAgreementsRoute },
  {
    path: 'agent/agreements/create',
    title: 'agentAgreementsCreate',
    access: ACCESS.agreementCreate,
    page: AgreementCreateRoute,
  },
  {
    path: 'agent/agreements/:id/edit',
    title: 'agentAgreementsEdit',
    access: ACCESS.agreementEdit,
    page: AgreementEditRoute,
    titleParam: 'id',
  },
  { path: 'stocks', title: 'stocks', access: ACCESS.stocks, page: StocksRoute },
  { path: 'agent/stocks', title: 'agentStocks', access: ACCESS.agentStocks, page: AgentStocksRoute },
  ...crud('permitted-routes', 'permittedRoutes', ACCESS.permittedRoutes, ACCESS.permittedRoutes, [
    PermittedRoutesRoute,
    PermittedRouteCreateRoute,
    PermittedRouteEditRoute,
  ]),
  // Not a seed 000 screen: the minimum connection times route search respects (issue 11 item 1).
  ...crud('connection-times', 'connectionTimes', ACCESS.connectionTimes, ACCESS.connectionTimesEdit, [
    ConnectionTimesRoute,
    ConnectionTimeCreateRoute,
    ConnectionTimeEditRoute,
  ]),
  ...crud('booking-rules', 'bookingRules', ACCESS.bookingRules, ACCESS.bookingRulesCreate, [
    BookingRulesRoute,
    BookingRuleCreateRoute,
    BookingRuleEditRoute,
  ]),
  ...crud('allotments', 'allotments', ACCESS.allotments, ACCESS.allotmentsCreate, [
    AllotmentsRoute,
    AllotmentCreateRoute,
    AllotmentEditRoute,
  ]),
  { path: 'products', title: 'products', access: ACCESS.products },
  { path: 'companies', title: 'companies', access: ACCESS.companies, page: CompaniesRoute },
  { path: 'companies/create', title: 'companiesCreate', access: ACCESS.companyCreate, page: CompanyCreateRoute },
  {
    path: 'companies/:id/edit',
    title: 'companiesEdit',
    access: ACCESS.companyEdit,
    page: CompanyEditRoute,
    titleParam: 'id',
  },
  { path: 'parties', title: 'parties', access: ACCESS.parties },
  { path: 'parties/:id/edit', title: 'partiesEdit', access: ACCESS.partiesEdit, titleParam: 'id' },
  { path: 'agent/parties', title: 'agentParties', access: ACCESS.parties },
  { path: 'agent/parties/:id/edit', title: 'agentPartiesEdit', access: ACCESS.partiesEdit, titleParam: 'id' },
  { path: 'beneficiary-state', title: 'beneficiaryState', access: ACCESS.beneficiaryState },
  { path: 'users', title: 'users', access: ACCESS.users, page: UsersRoute },
];

export const MAIN_ROUTES: RouteDef[] = [
  { path: 'offers/select', title: 'bookingSelection', access: ACCESS.bookingSelection, page: OffersSelectRoute },
  { path: 'offers', title: 'offers', access: ACCESS.offers },
  { path: 'offers/create', title: 'offersCreate', access: ACCESS.offersEdit },
  { path: 'offers/:id', title: 'offer', access: ACCESS.offers, titleParam: 'id' },
  { path: 'bookings', title: 'bookings', access: ACCESS.bookings, page: BookingsRoute },
  { path: 'bookings/:id', title: 'booking', access: ACCESS.bookings, titleParam: 'id', page: BookingRoute },
  {
    path: 'bookings/:id/air-waybill',
    title: 'bookingAirWaybill',
    access: ACCESS.bookingAirWaybill,
    titleParam: 'id',
    page: BookingAirWaybillRoute,
  },
  {
    path: 'air-waybills/create',
    title: 'airWaybillCreate',
    access: ACCESS.airWaybillCreate,
    page: AirWaybillCreateRoute,
  },
  { path: 'air-waybills', title: 'airWaybills', access: ACCESS.shipments, page: AirWaybillsRoute },
  { path: 'shipments', title: 'shipments', access: ACCESS.shipments, page: ShipmentsRoute },
  {
    path: 'agent/air-waybills',
    title: 'agentAirWaybills',
    access: ACCESS.agentAirWaybills,
    page: AgentAirWaybillsRoute,
  },
  { path: 'shipments/:mawb', title: 'shipment', access: ACCESS.shipments, titleParam: 'mawb', page: ShipmentRoute },
  {
    path: 'shipments/:mawb/fwb',
    title: 'shipmentFwb',
    access: ACCESS.shipments,
    titleParam: 'mawb',
    page: ShipmentFwbRoute,
  },
  {
    path: 'shipments/:mawb/fhl',
    title: 'shipmentFhl',
    access: ACCESS.shipments,
    titleParam: 'mawb',
    page: ShipmentFhlRoute,
  },
  {
    path: 'shipments/:mawb/billing',
    title: 'shipmentBilling',
    access: ACCESS.shipments,
    titleParam: 'mawb',
    page: ShipmentBillingRoute,
  },
  {
    path: 'shipments/:mawb/edit-awb',
    title: 'shipmentEditAwb',
    access: ACCESS.airWaybillEdit,
    titleParam: 'mawb',
    page: AirWaybillEditRoute,
  },
  {
    path: 'shipments/:mawb/edit-booking',
    title: 'shipmentEditBooking',
    access: ACCESS.bookings,
    titleParam: 'mawb',
    page: ShipmentEditBookingRoute,
  },
  {
    path: 'air-waybills/:mawb/house-waybills/create',
    title: 'houseWaybillCreate',
    access: ACCESS.houseWaybills,
    titleParam: 'mawb',
    page: HouseWaybillCreateRoute,
  },
  {
    path: 'air-waybills/:mawb/house-waybills/:id/edit',
    title: 'houseWaybillEdit',
    access: ACCESS.houseWaybills,
    titleParam: 'mawb',
    page: HouseWaybillEditRoute,
  },
  { path: 'void-requests', title: 'voidRequests', access: ACCESS.voidRequests, page: VoidRequestsRoute },
  { path: 'receptacles', title: 'receptacles', access: ACCESS.receptacles },
  {
    path: 'flights/tabs',
    title: 'flights',
    access: ACCESS.flightsList,
    index: 'current',
    children: [
      { path: 'current', title: 'flightsCurrent', page: FlightsCurrentRoute },
      {
        path: 'action_required',
        title: 'flightsActionRequired',
        access: ACCESS.flightsAirlineTabs,
        page: FlightsActionRequiredRoute,
      },
      {
        path: 'with_shipments',
        title: 'flightsWithShipments',
        access: ACCESS.flightsAirlineTabs,
        page: FlightsWithShipmentsRoute,
      },
      { path: 'aci', title: 'flightsAci', access: ACCESS.flightsAci, page: FlightsAciRoute },
      { path: 'all', title: 'flightsAll', page: FlightsAllRoute },
    ],
  },
  { path: 'flights/create', title: 'flightCreate', access: ACCESS.flightEdit, page: FlightCreateRoute },
  { path: 'flights/:id', title: 'flight', access: ACCESS.flightsList, titleParam: 'id', page: FlightRoute },
  {
    path: 'flights/:id/edit',
    title: 'flightEdit',
    access: ACCESS.flightEdit,
    titleParam: 'id',
    page: FlightEditRoute,
  },
  { path: 'flights/:flight/create-booking-rule', title: 'flightBookingRule', access: ACCESS.flightBookingRule },
  {
    path: 'flights/:segment/aircraft-capacity',
    title: 'aircraftCapacity',
    access: ACCESS.aircraftCapacity,
    page: SegmentCapacityRoute,
  },
  {
    path: 'tariffs',
    title: 'tariffs',
    access: ACCESS.tariffs,
    index: 'external-tariffs',
    children: [
      ...crud('external-tariffs', 'externalTariffs', ACCESS.tariffs, ACCESS.externalTariffEdit, [
        TariffsRoute,
        TariffCreateRoute,
        TariffEditRoute,
      ]),
      ...crud('external-charges', 'externalCharges', ACCESS.tariffs, ACCESS.externalChargeEdit, [
        ChargesRoute,
        ChargeCreateRoute,
        ChargeEditRoute,
      ]),
      { path: 'external-surcharges', title: 'externalSurcharges', page: SurchargesRoute },
    ],
  },
  {
    path: 'aircrafts/:aircraft',
    title: 'aircraft',
    access: ACCESS.aircraft,
    titleParam: 'aircraft',
    page: AircraftRoute,
  },
  { path: 'bi', title: 'bi', access: ACCESS.bi },
  { path: 'profile', title: 'profile', access: ACCESS.profile, page: ProfileRoute },
  ...crud('feature-requests', 'featureRequests', ACCESS.featureRequests, ACCESS.featureRequestsEdit),
  { path: 'ui-kit', title: 'uiKit', access: ACCESS.uiKit },
  { path: 'ui-kit/base-components', title: 'uiKitBase', access: ACCESS.uiKit },
  { path: 'ui-kit/grid', title: 'uiKitGrid', access: ACCESS.uiKit },
  { path: 'web-socket-test', title: 'webSocketTest', access: ACCESS.webSocketTest },
  { path: 'settings', title: 'settings', index: 'first', children: SETTINGS_CHILDREN },
  {
    path: 'settlements',
    title: 'settlements',
    index: 'first',
    children: [
      { path: 'balances', title: 'balances', access: ACCESS.balances },
      { path: 'balances/:id', title: 'balance', access: ACCESS.balances, titleParam: 'id' },
      { path: 'payments', title: 'payments', access: ACCESS.payments },
    ],
  },
  {
    path: 'messaging',
    title: 'telegrams',
    access: ACCESS.telegrams,
    index: 'first',
    children: [
      { path: 'cimp-telegrams', title: 'cimpTelegrams', access: ACCESS.cimpTelegrams, page: CimpTelegramsRoute },
      {
        path: 'cimp-telegrams/:id',
        title: 'cimpTelegram',
        access: ACCESS.cimpTelegram,
        titleParam: 'id',
        page: CimpTelegramRoute,
      },
      { path: 'cimp', title: 'cimpUpload', access: ACCESS.cimpUpload, page: CimpUploadRoute },
      { path: 'cimp/:id/edit', title: 'cimpEdit', access: ACCESS.cimpEdit, titleParam: 'id', page: CimpEditRoute },
      { path: 'cimp-send', title: 'cimpSend', access: ACCESS.cimpSend, page: CimpSendRoute },
      { path: 'ssim-telegrams', title: 'ssimTelegrams', access: ACCESS.ssimTelegrams, page: SsimTelegramsRoute },
      {
        path: 'ssim-telegrams/:id',
        title: 'ssimTelegram',
        access: ACCESS.ssimTelegram,
        page: SsimTelegramRoute,
        titleParam: 'id',
      },
      { path: 'ssim', title: 'ssimUpload', access: ACCESS.ssimUpload, page: SsimUploadRoute },
      { path: 'sita', title: 'sitaUpload', access: ACCESS.sitaUpload, page: SitaRoute },
      { path: 'ahm-telegrams', title: 'ahmTelegrams', access: ACCESS.ahmTelegrams, page: AhmTelegramsRoute },
      {
        path: 'ahm-telegrams/:id',
        title: 'ahmTelegram',
        access: ACCESS.ahmTelegram,
        titleParam: 'id',
        page: AhmTelegramRoute,
      },
      {
        path: 'outgoing-messages',
        title: 'outgoingMessages',
        access: ACCESS.outgoingMessages,
        page: OutgoingMessagesRoute,
      },
      { path: 'messages/:id', title: 'message', access: ACCESS.message, titleParam: 'id', page: MessageRoute },
    ],
  },
];

export interface RouteEntry {
  def: RouteDef;
  /** Absolute path, e.g. "/settings/users". */
  fullPath: string;
  /** Access of this route and of every parent. */
  chain: Access[];
  parent: RouteEntry | null;
}

function flatten(defs: RouteDef[], parent: RouteEntry | null, out: RouteEntry[]): RouteEntry[] {
  for (const def of defs) {
    const fullPath = `${parent ? parent.fullPath : ''}/${def.path}`;
    const entry: RouteEntry = { def, fullPath, chain: [...(parent?.chain ?? []), def.access], parent };
    out.push(entry);
    if (def.children) flatten(def.children, entry, out);
  }
  return out;
}

export const ROUTE_ENTRIES: RouteEntry[] = flatten(MAIN_ROUTES, null, []);
export const ROUTES_BY_PATH = new Map(ROUTE_ENTRIES.map((entry) => [entry.fullPath, entry]));

export function entryFor(fullPath: string): RouteEntry {
  const entry = ROUTES_BY_PATH.get(fullPath);
  if (!entry) throw new Error(`No route ${fullPath} in the route table`);
  return entry;
}
