/** Zod schemas (and their types) for the elements shared by Cargo-IMP messages. */
import { isValidAwb } from '@aircargo/domain/awb';
import { z } from 'zod';
import { readDayMonth } from '../calendar';

const MONTH = '(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)';
export const DATE_RE = new RegExp(`^(0[1-9]|[12]\\d|3[01])${MONTH}$`);
export const DATE_YEAR_RE = new RegExp(`^(0[1-9]|[12]\\d|3[01])${MONTH}\\d{2}$`);
export const TIME_RE = /^([01]\d|2[0-3])[0-5]\d$/;

export const AirportSchema = z.string().regex(/^[A-Z]{3}$/, 'IATA airport or city code');
export const CountrySchema = z.string().regex(/^[A-Z]{2}$/, 'ISO country code');
export const CarrierSchema = z.string().regex(/^[A-Z0-9]{2}[A-Z]?$/, 'airline code');
export const DateSchema = z
  .string()
  .regex(DATE_RE, 'date DDMMM')
  .refine((s) => readDayMonth(s, false) !== undefined, 'date DDMMM');
export const DateYearSchema = z
  .string()
  .regex(DATE_YEAR_RE, 'date DDMMMYY')
  .refine((s) => readDayMonth(s, true) !== undefined, 'date DDMMMYY');
export const TimeSchema = z.string().regex(TIME_RE, 'time HHMM');
export const AmountSchema = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'decimal amount');
export const ShcSchema = z.string().regex(/^[A-Z]{3}$/, 'special handling code');
export const ShcListSchema = z.array(ShcSchema).min(1).max(9);
export const AwbNumberSchema = z
  .string()
  .regex(/^\d{3}-\d{8}$/, 'AWB PPP-SSSSSSSC')
  .refine(isValidAwb, 'AWB check digit');
export const UldIdSchema = z.string().regex(/^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2}$/, 'ULD type, serial, owner');

/** Printable Cargo-IMP text without the reserved `/`, trimmed, at most `max` characters. */
export function text(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x2e\x30-\x60\x7b-\x7e]*$/, 'Cargo-IMP characters (upper case)')
    .refine((s) => s === s.trim(), 'no leading or trailing blanks');
}

/** Free text that may contain `/` (OSI, SSR, TXT lines). */
export function freeText(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x60\x7b-\x7e]*$/, 'Cargo-IMP characters (upper case)')
    .refine((s) => s === s.trim() && !s.startsWith('/'), 'trimmed, not starting with /');
}

export const WeightSchema = z.object({ unit: z.enum(['K', 'L']), value: z.number().nonnegative() });
export type Weight = z.infer<typeof WeightSchema>;

export const VolumeSchema = z.object({ unit: z.enum(['MC', 'CF', 'CI', 'CC']), value: z.number().nonnegative() });
export type Volume = z.infer<typeof VolumeSchema>;

export const FlightSchema = z.object({ carrier: CarrierSchema, number: z.string().regex(/^\d{1,4}[A-Z]?$/) });
export type Flight = z.infer<typeof FlightSchema>;

export const QuantitySchema = z.object({
  /** T total, P part, S split, D divided, M multi. */
  code: z.enum(['T', 'P', 'S', 'D', 'M']),
  pieces: z.number().int().min(0).max(99999),
  weight: WeightSchema.optional(),
  volume: VolumeSchema.optional(),
  densityGroup: z.number().int().min(0).max(99).optional(),
  /** Total pieces of the consignment (after `T`), for part, split, divided and multi codes. */
  totalPieces: z.number().int().min(0).max(99999).optional(),
});
export type Quantity = z.infer<typeof QuantitySchema>;

/** The AWB consignment line: `PPP-SSSSSSSCOOODDD/<quantity>/<description>` plus its SHC line. */
export const ConsignmentSchema = z.object({
  awb: AwbNumberSchema,
  origin: AirportSchema.optional(),
  destination: AirportSchema.optional(),
  quantity: QuantitySchema.optional(),
  description: text(15).optional(),
  shc: ShcListSchema.optional(),
});
export type Consignment = z.infer<typeof ConsignmentSchema>;

export const ContactSchema = z.object({ id: z.string().regex(/^[A-Z0-9]{1,3}$/), number: text(25) });

/** Shipper, consignee or notify party (SHP, CNE, NFY blocks with NAM, ADR, LOC lines). */
export const PartySchema = z.object({
  account: text(14).optional(),
  name: z.array(text(35)).min(1).max(2),
  address: z.array(text(35)).max(2),
  place: text(17),
  state: text(9).optional(),
  country: CountrySchema.optional(),
  postcode: text(9).optional(),
  contacts: z.array(ContactSchema).min(1).optional(),
});
export type Party = z.infer<typeof PartySchema>;

/** AGT line: account, IATA agent code, CASS address, participant, then name and place lines. */
export const AgentSchema = z.object({
  account: text(14).optional(),
  iataCode: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
  cassAddress: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  participantId: text(3).optional(),
  name: text(35).optional(),
  place: text(17).optional(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** One OCI line: country / information id / control id / supplementary text. */
export const OciSchema = z
  .object({
    country: CountrySchema.optional(),
    infoId: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/)
      .optional(),
    controlId: z
      .string()
      .regex(/^[A-Z0-9]{1,2}$/)
      .optional(),
    text: text(35).optional(),
  })
  .refine((o) => o.country !== undefined || o.infoId !== undefined || o.controlId !== undefined, 'OCI needs an id');
export type Oci = z.infer<typeof OciSchema>;

export const DimensionSchema = z.object({
  weight: WeightSchema.optional(),
  /** Absent when no dimensions are available (NDA). */
  size: z
    .object({
      unit: z.string().regex(/^[A-Z]{3}$/),
      length: z.number().int().min(0).max(99999),
      width: z.number().int().min(0).max(99999),
      height: z.number().int().min(0).max(99999),
    })
    .optional(),
  pieces: z.number().int().min(0).max(9999).optional(),
});
export type Dimension = z.infer<typeof DimensionSchema>;

/** REF line: sender or requesting office address, file reference, participant identification. */
export const ReferenceSchema = z.object({
  officeAddress: z
    .string()
    .regex(/^[A-Z]{3}[A-Z0-9]{4}$/)
    .optional(),
  fileReference: text(15).optional(),
  participantId: text(3).optional(),
  participantCode: text(17).optional(),
  participantAirport: AirportSchema.optional(),
});
export type Reference = z.infer<typeof ReferenceSchema>;

/** SRI line: reference number and two supplementary fields. */
export const ShipmentReferenceSchema = z.object({
  reference: text(14).optional(),
  info1: text(12).optional(),
  info2: text(12).optional(),
});
export type ShipmentReference = z.infer<typeof ShipmentReferenceSchema>;

/** ULD of a booking (FFR/FBL `ULD/<count>/<id>-<indicator>/<weight>`). */
export const BookedUldSchema = z.object({
  id: UldIdSchema,
  loadingIndicator: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
  weight: WeightSchema.optional(),
});
export const BookedUldsSchema = z.object({
  count: z.number().int().min(0).max(99),
  ulds: z.array(BookedUldSchema),
});
export type BookedUlds = z.infer<typeof BookedUldsSchema>;

export const RawLinesSchema = z.array(z.string()).min(1);

/** Fields every Cargo-IMP model carries. */
export const cimpBase = {
  possibleDuplicate: z.literal(true).optional(),
  /** Lines the parser did not model, kept verbatim and written back at the end. */
  raw: RawLinesSchema.optional(),
};
