/**
 * @aircargo/cargo-messages — parse and generate IATA Cargo-IMP, SSIM chapter 7, SSM/ASM and
 * SITA Type B telegrams. Every `parse*` returns `{ message, issues }`; every `generate*` text.
 */

/** AWB numbers: the domain's one implementation (`@aircargo/domain`), re-exported for the library's users. */
export { type AwbNumber, awbCheckDigit, formatAwb, isValidAwb, parseAwb } from '@aircargo/domain/awb';
export * from './ahm/common';
export * from './ahm/cpm';
export * from './ahm/ldm';
export * from './ahm/mvt';
export * from './ahm/ucm';
export * from './api';
export * from './cimp/ack';
export * from './cimp/booking';
export * from './cimp/charges';
export * from './cimp/csn';
export * from './cimp/fbl';
export * from './cimp/ffm';
export * from './cimp/fhl';
export * from './cimp/fsu';
export * from './cimp/fwb';
export { DateTimeSchema, type ManifestHeader, ManifestHeaderSchema, UnloadingBaseSchema } from './cimp/manifest';
export * from './cimp/requests';
export {
  type Agent,
  AgentSchema,
  AirportSchema,
  AmountSchema,
  AwbNumberSchema,
  BookedUldSchema,
  type BookedUlds,
  BookedUldsSchema,
  CarrierSchema,
  type Consignment,
  ConsignmentSchema,
  ContactSchema,
  CountrySchema,
  DateSchema,
  DateYearSchema,
  type Dimension,
  DimensionSchema,
  type Flight,
  FlightSchema,
  type Oci,
  OciSchema,
  type Party,
  PartySchema,
  type Quantity,
  QuantitySchema,
  type Reference,
  ReferenceSchema,
  ShcListSchema,
  ShcSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
  TimeSchema,
  UldIdSchema,
  type Volume,
  VolumeSchema,
  type Weight,
  WeightSchema,
} from './cimp/schemas';
export { splitMessage } from './cimp/split';
export * from './cimp/status';
export * from './cimp/uws';
export { clean, fitLine, type GenerateOptions, MAX_LINE, MAX_MESSAGE } from './cimp/writer';
export { type Detected, detect, detectText } from './detect';
export { formatDays, isoToSsimDate, isoWeekday, parseDays, ssimDateToIso } from './ssim/dates';
export * from './ssim/file';
export * from './ssim/ssm';
export { type LegUtcTimes, legTimesUtc } from './ssim/time';
export * from './typeb/email';
export * from './typeb/envelope';
export * from './typeb/sitatex';
export * from './typeb/split';
export * from './types';
export * from './versions';
