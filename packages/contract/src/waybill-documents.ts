import { z } from 'zod';
import { awbRefParam } from './air-waybills';
import { booleanParam } from './companies';
import { endpoint } from './endpoint';

/**
 * Printed air waybill (issue 13 item 1; seed 001 section 7: `GET {id}/eap.pdf`, `eap.json`). `eap.json` is the waybill as
 * the form prints it: every box by its IATA Resolution 600a number and name with the text printed in it, the rate
 * description lines and the prepaid/collect charge summary. `eap.pdf` prints the same data on the IATA form layout, one
 * page per copy, plus the conditions of contract page when asked. `eap.cimp` (FWB) is in house-waybills.
 */

const tags = ['air_waybills'] as const;

export const EAP_PAPERS = ['a4', 'letter'] as const;
export type EapPaper = (typeof EAP_PAPERS)[number];

/** The copies of the 3 originals and 9 copies of the standard set, by number (Res. 600a). */
export const EAP_COPY_NAMES: Readonly<Record<number, string>> = {
  1: 'ORIGINAL 3 (FOR SHIPPER)',
  2: 'ORIGINAL 2 (FOR CONSIGNEE)',
  3: 'ORIGINAL 1 (FOR ISSUING CARRIER)',
  4: 'COPY 4 (DELIVERY RECEIPT)',
  5: 'COPY 5 (FOR AIRPORT OF DESTINATION)',
  6: 'COPY 6 (FOR THIRD CARRIER)',
  7: 'COPY 7 (FOR SECOND CARRIER)',
  8: 'COPY 8 (FOR FIRST CARRIER)',
  9: 'COPY 9 (FOR AGENT)',
  10: 'COPY 10 (EXTRA COPY FOR CARRIER)',
  11: 'COPY 11 (EXTRA COPY FOR CARRIER)',
  12: 'COPY 12 (EXTRA COPY FOR CARRIER)',
};
export const EAP_MAX_COPY = 12;
export const EAP_DEFAULT_COPIES = [1, 2, 3] as const;

/** "1,2,3,4": copy numbers 1-12, each once, in the order given. */
export const eapCopies = z
  .string()
  .max(60)
  .regex(/^\d{1,2}(,\d{1,2})*$/, 'must be a comma-separated list of copy numbers')
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => n >= 1 && n <= EAP_MAX_COPY), `copy numbers are 1 to ${EAP_MAX_COPY}`)
  .refine((list) => new Set(list).size === list.length, 'a copy number appears twice');

export const eapPdfQuery = z.object({
  exclude_pcs_weight_volume: booleanParam.optional(),
  exclude_headers: booleanParam.optional(),
  hide_shipper: booleanParam.optional(),
  no_layout: booleanParam.optional(),
  reverse_side: booleanParam.optional(),
  use_cyrillic_codes: booleanParam.optional(),
  copies: eapCopies.optional(),
  paper: z.enum(EAP_PAPERS).optional(),
});
export type EapPdfQuery = z.infer<typeof eapPdfQuery>;
export type EapPdfFlags = z.input<typeof eapPdfQuery>;

export const eapJsonQuery = z.object({ use_cyrillic_codes: booleanParam.optional() });

export const eapBox = z.object({
  /** Res. 600a box number, e.g. "1", "4", "11A". */
  box: z.string(),
  name: z.string(),
  text: z.string(),
});
export type EapBox = z.infer<typeof eapBox>;

export const eapRateRow = z.object({
  pieces: z.number().int().nullable(),
  gross_weight: z.number().nullable(),
  weight_unit: z.enum(['K', 'L']),
  rate_class: z.string().nullable(),
  commodity_item: z.string().nullable(),
  chargeable_weight: z.number().nullable(),
  rate: z.string().nullable(),
  total: z.string().nullable(),
  nature_and_quantity: z.string(),
});
export type EapRateRow = z.infer<typeof eapRateRow>;

export const eapChargeSummary = z.object({
  weight_charge: z.string().nullable(),
  valuation_charge: z.string().nullable(),
  tax: z.string().nullable(),
  other_charges_due_agent: z.string().nullable(),
  other_charges_due_carrier: z.string().nullable(),
  total: z.string().nullable(),
});
export type EapChargeSummary = z.infer<typeof eapChargeSummary>;

export const eapOtherCharge = z.object({ code: z.string(), due: z.enum(['A', 'C']), amount: z.string() });

export const eapDocument = z.object({
  mawb: z.string(),
  prefix: z.string(),
  /** Box 1B: the serial with its check digit (8 digits). */
  serial: z.string(),
  currency: z.string().nullable(),
  payment: z.enum(['prepaid', 'collect']),
  boxes: z.array(eapBox),
  rate_rows: z.array(eapRateRow),
  totals: z.object({ pieces: z.number().int(), gross_weight: z.number(), total: z.string().nullable() }),
  other_charges: z.array(eapOtherCharge),
  prepaid: eapChargeSummary,
  collect: eapChargeSummary,
});
export type EapDocument = z.infer<typeof eapDocument>;

export const waybillDocumentsApi = {
  pdf: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/eap.pdf',
    permission: 'air_waybills:read',
    tags,
    summary: 'The air waybill printed on the IATA form (PDF, one page per copy)',
    params: awbRefParam,
    query: eapPdfQuery,
    response: z.string().describe('PDF (binary)'),
  }),
  json: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/eap.json',
    permission: 'air_waybills:read',
    tags,
    summary: 'The air waybill as the form prints it: boxes by IATA Res. 600a number, rate lines, charges',
    params: awbRefParam,
    query: eapJsonQuery,
    response: eapDocument,
  }),
};
