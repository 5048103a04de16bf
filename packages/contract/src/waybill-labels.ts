import { z } from 'zod';
import { awbRefParam } from './air-waybills';
import { emailAddress, iataAirport } from './common';
import { booleanParam } from './companies';
import { endpoint } from './endpoint';

/**
 * Labels and the shipper's letter of instruction of a master air waybill (seed 000 section 2 detail actions "labels" and
 * "shipper letter"; seed 001 sections 3 and 7; issue 13 items 2 and 3).
 *
 * Labels (`mawb_labels`): one label per piece of the master and, with `houses=true`, one per piece of each house
 * (IATA Resolution 606 layout: airline, AWB number, destination, total pieces "n of N", total weight, origin, house
 * number and house pieces). Barcodes are Code 128: a master piece carries the license plate "AWB number (11 digits) +
 * 5-digit piece serial", a house piece the AWB number and the house number. `station` is the printing station (IATA
 * code of a known airport) printed on every label. Formats: `4x6` one 4x6 inch label (288 x 432 pt) per page for label
 * printers, `a4` eight labels per A4 sheet (2 x 4).
 *
 * Shipper's letter (`sli.pdf`, `send_shipper_letter`): the SLI with shipper, consignee, notify, routing, goods,
 * handling and the shipper's declaration, its `sli_barcode` as Code 128 (`SLI` + the 11 digits of the AWB number).
 * Sending needs a shipper and a consignee and a waybill not voided (`can_send_sli`); it mails the recipients (given, or
 * else the caller's own address) where to download the letter, sets `sli_sent_at` and clears an earlier answer.
 */

const tags = ['air_waybills'] as const;

export const LABEL_FORMATS = ['a4', '4x6'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** Labels on one A4 sheet: 2 across, 4 down. */
export const LABELS_PER_A4 = 8;
/** A 4x6 inch label in points. */
export const LABEL_4X6_SIZE = [288, 432] as const;
/** At most this many labels in one request (master and house pieces together). */
export const MAX_LABELS = 20_000;
/** At most this many addresses for one letter. */
export const MAX_SLI_RECIPIENTS = 10;

export const labelsQuery = z.object({
  station: z.string().trim().toUpperCase().pipe(iataAirport),
  format: z.enum(LABEL_FORMATS).default('4x6'),
  houses: booleanParam.default(true),
});
export type LabelsQuery = z.infer<typeof labelsQuery>;

export const sendShipperLetterBody = z.object({
  emails: z.array(emailAddress).max(MAX_SLI_RECIPIENTS).optional(),
});
export type SendShipperLetterBody = z.infer<typeof sendShipperLetterBody>;

/** The shipper's letter state of a waybill (the same fields the waybill record has). */
export const shipperLetterState = z.object({
  id: z.number().int(),
  mawb: z.string(),
  sli_barcode: z.string().nullable(),
  sli_sent_at: z.string().nullable(),
  sli_accepted: z.boolean().nullable(),
  sli_answered_at: z.string().nullable(),
  can_send_sli: z.boolean(),
  /** The addresses the letter was queued to. */
  sent_to: z.array(z.string()),
});
export type ShipperLetterState = z.infer<typeof shipperLetterState>;

/** The SLI barcode of a waybill: `SLI` and the 11 digits of its number. */
export function sliBarcodeFor(mawb: string): string {
  return `SLI${mawb.replace(/\D/g, '')}`;
}

/** A letter can go when the waybill names a shipper and a consignee and is not voided. */
export function canSendShipperLetter(w: {
  voided: boolean;
  shipper: { name: string | null } | null;
  consignee: { name: string | null } | null;
}): boolean {
  return !w.voided && !!w.shipper?.name?.trim() && !!w.consignee?.name?.trim();
}

/** File names (content-disposition). */
export const labelsFileName = (mawb: string) => `labels_${mawb}.pdf`;
export const sliFileName = (mawb: string) => `sli_${mawb}.pdf`;

const pdfBody = z.string().describe('PDF document (binary)');

export const waybillLabelsApi = {
  labels: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/mawb_labels',
    permission: 'air_waybills:read',
    tags,
    summary: 'Piece labels of the master and its houses (PDF, A4 sheets or 4x6 inch labels)',
    params: awbRefParam,
    query: labelsQuery,
    response: pdfBody,
  }),
  sli: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/sli.pdf',
    permission: 'air_waybills:read',
    tags,
    summary: "The shipper's letter of instruction (PDF with its barcode)",
    params: awbRefParam,
    response: pdfBody,
  }),
  sendShipperLetter: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/send_shipper_letter',
    permission: 'air_waybills:write',
    tags,
    summary: "Send the shipper's letter of instruction by e-mail",
    params: awbRefParam,
    body: sendShipperLetterBody,
    response: shipperLetterState,
  }),
};
