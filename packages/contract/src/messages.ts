import { ERROR_MESSAGES, RULE_MESSAGES } from '@aircargo/domain';
import type { z } from 'zod';

/**
 * The message catalogue: every message the API sends has a stable key, its parameters and the English text of the
 * specification (seed 001 sections 5 and 8). The error body carries the English text where the specification puts
 * it (`message`, `errors`) and the keys beside it (`message_key`, `error_keys`), so a client translates by key
 * (decision 013). Templates name their parameters in braces: `must be {length} characters`.
 */
export const MESSAGES = {
  // Seed 001 section 5, generic.
  required: 'required field',
  positive: 'positive',
  integer: 'integer',
  between: 'between {min} and {max}',
  invalidFormat: 'invalid format',
  exactLength: 'must be {length} characters',
  exactDigits: 'must be {length} digits',
  minLength: 'value length more than {min}',
  maxLength: 'value length less than {max}',
  minValue: 'value more than {min}',
  maxValue: 'value less than {max}',
  decimalPlaces: 'decimal places limit ({digits})',
  // Identifiers, contacts, content.
  email: 'email entered incorrectly',
  latinOnly: RULE_MESSAGES.latinOnly,
  // Seed 001 section 5 rules on records (packages/domain/src/rules.ts).
  contactNumber: RULE_MESSAGES.contactNumber,
  innLength: RULE_MESSAGES.innLength,
  innKppExists: RULE_MESSAGES.innKppExists,
  kppFormat: RULE_MESSAGES.kppFormat,
  kppWithoutInn: RULE_MESSAGES.kppWithoutInn,
  postCodeRequired: RULE_MESSAGES.postCodeRequired,
  hostnameTooLong: RULE_MESSAGES.hostnameTooLong,
  hostnameLabel: RULE_MESSAGES.hostnameLabel,
  hostnameStrict: RULE_MESSAGES.hostnameStrict,
  webLink: RULE_MESSAGES.webLink,
  passwordsDoNotMatch: 'passwords do not match',
  passwordTooShort: ERROR_MESSAGES.passwordTooShort,
  dateOrder: 'must not be before {field}',
  oneOf: 'must be one of {values}',
  invalidCharacter: 'invalid character',
  salesOpenBeforeClose: 'sales must open before they close',
  // Seed 001 section 8 and the transport.
  notAuthorized: ERROR_MESSAGES.notAuthorized,
  accessDenied: ERROR_MESSAGES.accessDenied,
  undefinedError: ERROR_MESSAGES.undefinedError,
  userExists: ERROR_MESSAGES.userExists,
  userNotFound: ERROR_MESSAGES.userNotFound,
  cantAssignRole: ERROR_MESSAGES.cantAssignRole,
  cantChangeRole: ERROR_MESSAGES.cantChangeRole,
  agreementNotFound: ERROR_MESSAGES.agreementNotFound,
  companyNotFound: ERROR_MESSAGES.companyNotFound,
  confirmationNotMatch: ERROR_MESSAGES.confirmationNotMatch,
  tokenInvalid: ERROR_MESSAGES.tokenInvalid,
  incorrectLogin: ERROR_MESSAGES.incorrectLogin,
  currentPasswordRequired: 'Current password is required',
  notFound: 'Not found',
  validationFailed: 'Validation failed',
  alreadyTaken: 'Already taken',
  referenceMissing: 'A referenced record must exist',
  valueMalformed: 'A value is out of range or malformed',
  badRequest: 'The request is invalid',
  payloadTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests, try again later',
  routeWithoutPermission: 'This route declares no permission',
  // Records the services look up by id (404) and the sign-in throttle (429).
  companyUnknown: 'Company not found',
  roleNotFound: 'Role not found',
  roleBlocked: 'This role is blocked',
  isBlocked: 'is blocked',
  airportNotFound: 'Airport not found',
  airlineNotFound: 'Airline not found',
  handlerNotFound: 'Handler not found',
  customerNotFound: 'Customer not found',
  invitationNotFound: 'Invitation not found',
  telegramNotFound: 'Telegram not found',
  telegramKindUnknown: 'Not an SSIM file, SSM or ASM',
  telegramBusy: 'The telegram is being processed; restart it when it has finished',
  tooManySignInAttempts: 'Too many sign-in attempts, try again later',
  currentPasswordWrong: 'Current password is wrong',
  isInvalid: 'is invalid',
  // Flights (issue 9).
  flightExists: 'Flight already exists',
  flightNotFound: 'Flight not found',
  flightLocked: 'The flight is locked: booking changes are refused',
  flightCanceled: 'The flight is cancelled',
  flightSalesClosed: 'Sales of the flight are closed',
  salesReopenedWarning: 'Sales are open again. Changes are not sent to the terminal; the FBL must be sent manually.',
  localTimeInGap: 'the local time {time} does not exist in {zone} (the clocks move forward)',
  arrivalBeforeDeparture: 'arrival must be after departure',
  legsNotChained: 'leg {sequence} must depart from {airport}, where the previous leg arrives',
  legNotFound: 'the flight has no leg {sequence}',
  scheduleNotFound: 'Schedule not found',
  // Tariffs (seed 001 section 8).
  tariffExists: 'This airfreight already exists',
  normalRateRequired: 'Normal rate must be specified',
  tariffNotFound: 'Airfreight not found',
  tariffsNotAvailable: 'Information about tariffs is not available',
  chargeNotFound: 'Charge not found',
  surchargeNotFound: 'Surcharge not found',
  tariffGroupNotFound: 'Group not found',
  tariffGroupInUse: 'The group is used by tariffs, charges or surcharges',
  weightBreakRequired: 'A weight break is required for a Q rate',
  xlsxUnreadable: 'The file is not a readable XLSX workbook',
  // Bookings, allotments and booking rules (seed 001 sections 5 and 8; issue 11).
  noValidAgreement: 'No valid agreement with airline',
  bookingForbiddenShc: 'Cargo with {shcs} codes is prohibited for booking',
  bookingDimensionsRequired: 'The dimensions of the {shcs} cargo must be specified',
  bookingExists: 'Booking already exists',
  bookingError: 'An error occurred while booking',
  incompatibleShcs: 'incompatible SHC codes',
  cargoLimitAveragePieceVolume: 'average piece volume must not exceed {max} m3',
  cargoLimitAveragePieceWeight: 'average piece weight must not exceed {max} kg',
  cargoLimitWeight: 'weight must not exceed {max} kg',
  cargoLimitVolume: 'volume must not exceed {max} m3',
  forwarderUnknown: 'Forwarder not found',
  bookingNotFound: 'Booking not found',
  bookingNoCapacity: 'Not enough free capacity on {flight}',
  bookingNotWaiting: 'Only a booking waiting for the airline (NN) can be confirmed or refused',
  bookingCancelled: 'The booking is cancelled',
  allotmentNotFound: 'Allotment not found',
  allotmentExists: 'Allotment already exists',
  allotmentNoCapacity: 'The allotment does not fit the free capacity of {flight}',
  allotmentBelowUse: 'The allotment cannot be less than its bookings ({used})',
  allotmentRouteMismatch: 'The flight does not fly this route',
  bookingRuleNotFound: 'Booking rule not found',
  bookingRuleExists: 'Booking rule already exists',
  warningCancelledFlight: 'Cancelled flight or segment',
  warningConnectionNotWorkable: 'Connection is not workable',
  warningInterlineNotAllowed: 'Booking on interline sector is not allowed',
  warningRouteNotAllowed: 'Route is not allowed',
  warningShipmentDuplicate: 'Shipment duplicate',
  awbControlBit: 'invalid control bit',
  // Route search and routing settings (issue 11).
  fillRequiredFields: 'Fill in required fields',
  routeIndexBuilding: 'The route index is being built; try again in a moment',
  permittedRouteNotFound: 'Permitted route not found',
  permittedRouteExists: 'This permitted route already exists',
  connectionTimeNotFound: 'Connection time not found',
  connectionTimeExists: 'This connection time already exists',
  connectionTimeCarrier: "An airline's exception must name its own carrier",
  // Capacity data (settings: segment payloads, PAX O&D averages, baggage averages and statistics).
  aircraftTypeNotFound: 'Aircraft type not found',
  sameOriginDestination: 'must differ from origin',
  segmentPayloadExists: 'A segment payload for this route, aircraft type and season already exists',
  segmentPayloadNotFound: 'Segment payload not found',
  paxOdAverageExists: 'A PAX O&D average for this route and aircraft type already exists',
  paxOdAverageNotFound: 'PAX O&D average not found',
  baggageAverageExists: 'A baggage average for this route and period start already exists',
  baggageAverageNotFound: 'Baggage average not found',
  baggageStatNotFound: 'Baggage stat not found',
  uploadFileMissing: 'Attach an XLSX file in the field "file"',
  uploadNotXlsx: 'The file is not an XLSX workbook',
  uploadTooLarge: 'The file is larger than {max} MB',
  uploadTooManyRows: 'The file has more than {max} rows',
  uploadMissingColumns: 'The header row lacks the columns {columns}',
  baggageStatAmbiguous: 'several baggage stats of this route and day exist: edit them one by one',
  // AWB stock (issue 12 item 1).
  awbPattern: 'AWB number pattern XXX-XXXXXXXX',
  awbBlankNumber: 'invalid blank number',
  stockNotFound: 'Stock not found',
  stockPrefixNotFound: 'AWB prefix not found',
  stockPrefixTaken: 'This AWB prefix belongs to another airline',
  stockPrefixInactive: 'AWB prefix {prefix} is not active',
  stockPrefixInUse: 'AWB prefix {prefix} has ranges and cannot change',
  stockRangeOverlap: 'overlapping range: {first} to {last}',
  stockRangeOrder: 'the last blank must not be before the first',
  stockHolderRequired: 'name a forwarder or a location',
  stockWithdrawTooMany: 'only {free} unused numbers can be withdrawn',
  stockExhausted: 'No free AWB numbers of prefix {prefix}',
  // Air waybills (issue 12 item 2).
  hsCodeRequired: 'At least one HS code is required',
  awbNumberOrStock: 'type a number or take one from stock, not both',
  awbRouteBroken: 'the legs must lead from the origin to the destination without a gap',
  invalidFlightDate: 'invalid flight date',
  awbForbiddenShc: 'Cargo with {shcs} codes is prohibited',
  shipmentExists: 'Shipment already exists',
  shipmentNotFound: 'Shipment not found',
  shipmentVoided: 'The shipment is voided and cannot change',
  shipmentChanged: 'The shipment was changed by someone else; reload it',
  rateLineNotFound: 'Rate line not found',
  bookingHasWaybill: 'The booking already has an air waybill',
  awbCarrierUnknown: 'No airline with the carrier code {carrier}',
  warningAwbWeightDiffers: 'Weight differs from the AWB',
  // House waybills, movements and tracking (issue 12 items 4 and 5).
  houseWaybillNotFound: 'House waybill not found',
  houseMasterMustExist: 'must exist',
  housePiecesOverMaster: 'The house waybills hold {pieces} pieces, more than the {master} of the air waybill',
  houseWeightOverMaster: 'The house waybills weigh {weight} kg, more than the {master} kg of the air waybill',
  movementNotFound: 'Movement not found',
  movementAirlineOnly: 'Movements are recorded by the airline or the platform',
  houseNoneForFhl: 'The air waybill has no house waybills',
  // Air waybill lifecycle, void requests and alerts (issue 12 item 3).
  waybillVoided: 'The air waybill is voided',
  waybillAlreadyIssued: 'The air waybill is already issued',
  waybillNotIssued: 'The air waybill is not issued',
  waybillIssueLocked: 'The issue of a delivered or verified air waybill cannot be cancelled',
  waybillAlreadyVerified: 'The air waybill is already verified',
  waybillNotVerified: 'The air waybill is not verified',
  waybillAlreadyDelivered: 'The air waybill is already delivered',
  waybillAlreadyVoided: 'The air waybill is already voided',
  waybillNotVoided: 'The air waybill is not voided',
  waybillDeliveredNoVoid: 'A delivered air waybill cannot be voided',
  voidRequestNotFound: 'Void request not found',
  voidRequestOpen: 'A void request of this air waybill is already in progress',
  voidRequestNotRequested: 'The void request is no longer in progress ({status})',
  voidRequestByForwarder: 'Only the forwarder of the air waybill asks for its void',
  alertNotFound: 'Alert not found',
  alertMissingEawb: 'Missing eAWB',
  alertMawbNotAssigned: 'MAWB is not assigned to the company',
  alertForwarderIataMismatch: 'Forwarder IATA mismatch',
  alertDisStatus: 'A discrepancy (DIS) is reported on the shipment',
  // Attachments (issue 12 item 6).
  attachmentNotFound: 'Attachment not found',
  attachmentFileMissing: 'Attach the file in the field "doc"',
  attachmentEmpty: 'The file is empty',
  attachmentTooLarge: 'The file is larger than {max} MB',
  attachmentTooMany: 'A waybill holds at most {max} attachments',
  attachmentHouseNotFound: 'House waybill not found',
  // Labels and the shipper's letter (issue 13 items 2 and 3).
  labelsTooMany: 'At most {max} labels can be printed at once',
  sliCannotBeSent: "The shipper's letter needs a shipper, a consignee and a waybill that is not voided",
  // Waybill reports and goods items upload (issue 13 items 4 and 5).
  reportRangeTooLong: 'must not exceed 31 days',
  reportCassNeedsIssue: 'CASS report needs date type Issued plus a range',
  goodsUploadTooManyRows: 'A waybill holds at most {max} goods items',
  // Incoming telegrams (issue 14 item 1).
  intakeKeyInvalid: 'The intake key is missing or invalid',
  intakeKeyNotFound: 'Intake key not found',
  telegramChanged: 'The telegram was changed by someone else; reload it',
  telegramNoneInText: 'No telegram found in the text',
  // Outgoing messages, message settings and messaging settings (issue 14 items 2-4).
  messageRequiredFields: 'Required fields are not filled in',
  messageSettingNotFound: 'Message setting not found',
  messageSettingChanged: 'The message setting was changed by someone else; reload it',
  outgoingMessageNotFound: 'Message not found',
  telegramNotSendable: 'A company of type {company_type} does not send {message_type}',
  outgoingMessageNotRestartable: 'Only a failed or dead message can be sent again',
  messageSettingAirlineRequired: 'Name the airline the setting concerns',
  // Telegrams sent from waybills and the CIMP send screen (issue 14 item 2).
  cimpHasErrors: 'CIMP has errors',
  cimpTypeNotSendable: 'Only these message types can be sent: {types}',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message as it travels: its key and parameters. */
export interface Message {
  key: MessageKey;
  params: MessageParams;
}

const MARKER = 'validation.';
const SEPARATOR = '|';

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * The text a schema carries as its custom zod message: the key (with its parameters as JSON after `|`), prefixed
 * `validation.` so a form resolves it with the same i18n keys. Servers turn it back into a Message.
 */
export function msg(key: MessageKey, params?: MessageParams): string {
  return params && Object.keys(params).length
    ? `${MARKER}${key}${SEPARATOR}${JSON.stringify(params)}`
    : `${MARKER}${key}`;
}

/** Reads a text made by `msg`; null for any other text. */
export function decodeMessage(text: string | undefined | null): Message | null {
  if (!text?.startsWith(MARKER)) return null;
  const [rawKey, rawParams] = text.slice(MARKER.length).split(SEPARATOR, 2) as [string, string | undefined];
  if (!isMessageKey(rawKey)) return null;
  let params: MessageParams = {};
  if (rawParams) {
    try {
      const parsed = JSON.parse(rawParams) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) params = parsed as MessageParams;
    } catch {
      params = {};
    }
  }
  return { key: rawKey, params };
}

/** The English text of a message: its template with the parameters filled in. */
export function renderMessage(message: Message): string {
  return MESSAGES[message.key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    message.params[name] === undefined ? whole : String(message.params[name]),
  );
}

/** What a zod issue says, as far as a message needs it (server issues carry no input by default). */
export interface IssueLike {
  code: string;
  message?: string;
  input?: unknown;
  /** True when the input is known to be missing (undefined, null or empty). */
  missing?: boolean;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  format?: unknown;
  divisor?: unknown;
  values?: unknown;
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));
}

function decimalsOf(divisor: number): number {
  return Math.max(0, Math.round(-Math.log10(divisor)));
}

/** Zod's own text says when the value was missing: "expected string, received undefined". */
function saysMissing(issue: IssueLike): boolean {
  return issue.missing === true || /received (undefined|null)\b/.test(issue.message ?? '');
}

/**
 * The catalogue message of a zod issue: a custom message made by `msg` as it is, else the issue code mapped to the
 * specification's generic messages. Shared by the server's error handler and the web's form error map.
 */
export function issueMessage(issue: IssueLike): Message {
  const custom = decodeMessage(issue.message);
  if (custom) return custom;
  const missing = 'input' in issue ? isEmpty(issue.input) : saysMissing(issue);
  const m = (key: MessageKey, params: MessageParams = {}): Message => ({ key, params });
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return m('required');
      if (issue.expected === 'int') return m('integer');
      return m('invalidFormat');
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (minimum <= 1 || missing) return m('required');
        return m('minLength', { min: minimum });
      }
      if (minimum === 0 && issue.inclusive === false) return m('positive');
      return m('minValue', { min: minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') return m('maxLength', { max: maximum });
      return m('maxValue', { max: maximum });
    }
    case 'invalid_format':
      if (missing) return m('required');
      if (issue.format === 'email') return m('email');
      return m('invalidFormat');
    case 'not_multiple_of':
      return m('decimalPlaces', { digits: decimalsOf(Number(issue.divisor)) });
    case 'invalid_value':
      if (missing) return m('required');
      if (Array.isArray(issue.values) && issue.values.length > 0 && issue.values.length <= 12)
        return m('oneOf', { values: issue.values.map(String).join(', ') });
      return m('invalidFormat');
    case 'invalid_union':
      return missing ? m('required') : m('invalidFormat');
    default:
      return m('invalidFormat');
  }
}

/** The key of a zod issue for a form (web): the same mapping as the server's, encoded as a zod message. */
export function issueText(issue: z.core.$ZodRawIssue): string {
  const { code, message, input, ...rest } = issue as unknown as IssueLike & Record<string, unknown>;
  const result = issueMessage({ ...rest, code, message, input });
  return msg(result.key, result.params);
}
