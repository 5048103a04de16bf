import { z } from 'zod';
import { WAYBILL_DATE_TYPES, waybillListQuery } from './air-waybill-lists';
import { awbRefParam, goodsItemRecord } from './air-waybills';
import { endpoint } from './endpoint';
import { uploadReport } from './flights';
import { msg } from './messages';

/**
 * Waybill reports and the goods items upload (issue 13 items 4 and 5; seed 001 section 7 "Sales or XLSX report range
 * must not exceed 31 days. CASS report needs date type Issued plus a range").
 *
 * - `GET /api/v3/air_waybills/reports/xlsx`: the list's filters (air-waybill-lists.ts) plus a required date type and
 *   range of at most 31 calendar days (inclusive); an XLSX workbook of the list's columns, streamed.
 * - `GET /api/v3/air_waybills/reports/cass`: the CASS billing listing of the waybills issued in a range (date type
 *   `issue`, at most 31 days). It is NOT the IATA CASS file format (that layout is not freely published): an XLSX
 *   listing of the settlement figures, marked as such in its title row (decision doc 030).
 * - `POST /api/v3/air_waybills/send_report`: mails the recipients where to download the report of the given filters.
 * - `GET|POST /api/v3/air_waybills/:id/goods_items[/template.xlsx|/upload]`: the goods items of a waybill; an upload
 *   replaces them all, or writes nothing when any row is refused (the report names each refused row).
 */

const tags = ['air-waybills'] as const;

export const REPORT_MAX_DAYS = 31;
export const REPORT_KINDS = ['xlsx', 'cass'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_MAX_EMAILS = 10;
export const GOODS_UPLOAD_COLUMNS = ['description', 'hs_code', 'marks', 'packing', 'pieces', 'weight'] as const;
export const GOODS_UPLOAD_MAX_ROWS = 50;
export const GOODS_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** Calendar days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The list's filters without paging: a report holds every row of the filter. */
const filters = waybillListQuery.omit({ cursor: true, per_page: true });

type RangeValue = { date_type?: string; date_from?: string; date_to?: string };

/** The XLSX report's rule: a date type and a range of at most 31 days, the end not before the start. */
function checkXlsxRange(value: RangeValue, ctx: z.RefinementCtx) {
  for (const field of ['date_from', 'date_to'] as const) {
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: msg('required') });
  }
  if (!value.date_from || !value.date_to) return;
  const days = daysInRange(value.date_from, value.date_to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['date_to'], message: msg('invalidFormat') });
  if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['date_to'], message: msg('reportRangeTooLong') });
}

/** The CASS listing's rule: date type `issue` plus a range (of at most 31 days). */
function checkCassRange(value: RangeValue, ctx: z.RefinementCtx) {
  if (value.date_type !== 'issue' || !value.date_from || !value.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_type'], message: msg('reportCassNeedsIssue') });
    return;
  }
  checkXlsxRange(value, ctx);
}

export const xlsxReportQuery = filters
  .extend({ date_type: z.enum(WAYBILL_DATE_TYPES), date_from: z.iso.date(), date_to: z.iso.date() })
  .superRefine(checkXlsxRange);
export type XlsxReportQuery = z.infer<typeof xlsxReportQuery>;

export const cassReportQuery = filters
  .extend({ date_type: z.enum(WAYBILL_DATE_TYPES).optional() })
  .superRefine(checkCassRange);
export type CassReportQuery = z.infer<typeof cassReportQuery>;

export const sendReportBody = filters
  .extend({
    kind: z.enum(REPORT_KINDS),
    emails: z
      .array(z.email(msg('email')))
      .min(1)
      .max(REPORT_MAX_EMAILS),
    date_type: z.enum(WAYBILL_DATE_TYPES).optional(),
  })
  .superRefine((value, ctx) => (value.kind === 'cass' ? checkCassRange(value, ctx) : checkXlsxRange(value, ctx)));
export type SendReportBody = z.infer<typeof sendReportBody>;
export type SendReportInput = z.input<typeof sendReportBody>;

export const sendReportResult = z.object({ queued: z.number().int(), download_path: z.string() });
export type SendReportResult = z.infer<typeof sendReportResult>;

export const goodsItemsList = z.object({ data: z.array(goodsItemRecord) });
export type GoodsItemsList = z.infer<typeof goodsItemsList>;

export const CASS_TITLE = 'CASS billing listing (not the IATA CASS file format)';

const xlsxFile = z.string().describe('XLSX workbook (binary)');

export const waybillReportsApi = {
  xlsx: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/reports/xlsx',
    permission: 'air_waybills:read',
    tags,
    summary: "XLSX report of the list's filter (date type and a range of at most 31 days required), streamed",
    query: xlsxReportQuery,
    response: xlsxFile,
  }),
  cass: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/reports/cass',
    permission: 'air_waybills:read',
    tags,
    summary: 'CASS billing listing (XLSX; not the IATA CASS file format) of the waybills issued in a range',
    query: cassReportQuery,
    response: xlsxFile,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/send_report',
    permission: 'air_waybills:read',
    tags,
    summary: 'Mails the recipients where to download the XLSX or CASS report of the filters',
    body: sendReportBody,
    response: sendReportResult,
    status: 202,
  }),
  goodsItems: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/goods_items',
    permission: 'air_waybills:read',
    tags,
    summary: "The waybill's goods items",
    params: awbRefParam,
    response: goodsItemsList,
  }),
  goodsTemplate: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/goods_items/template.xlsx',
    permission: 'air_waybills:write',
    tags,
    summary: 'Goods items upload: XLSX template with the header row and an example row',
    params: awbRefParam,
    response: xlsxFile,
  }),
  goodsUpload: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/goods_items/upload',
    permission: 'air_waybills:write',
    tags,
    summary:
      'Goods items upload (multipart, field "file"): replaces the waybill\'s goods items; any refused row writes nothing',
    params: awbRefParam,
    response: uploadReport,
  }),
};
