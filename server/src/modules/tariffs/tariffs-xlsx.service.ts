import { type IssueLike, issueMessage, renderMessage } from '@aircargo/contract/messages';
import {
  SUMMARY_RATE_KEYS,
  TARIFFS_XLSX_COLUMNS,
  type Tariff,
  type TariffsUploadReport,
  tariffCreate,
  type tariffsQuery,
  tariffUpdate,
} from '@aircargo/contract/tariffs';
import { keyOfBreak, parseScaled, ratesFromSummary, WEIGHT_DECIMALS } from '@aircargo/rating';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, message, validation } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import * as repo from './tariffs.repository';
import type { TariffsService } from './tariffs.service';
import { type Cell, dateFromSerial, plainDecimal, readXlsx, writeXlsx, XlsxError } from './xlsx';

type Column = (typeof TARIFFS_XLSX_COLUMNS)[number];
type Row = Partial<Record<Column, string>>;

const NUMBER_COLUMNS = new Set<Column>([
  'id',
  'vat_percent',
  'min_rate',
  'n',
  'q45',
  'q100',
  'q300',
  'q500',
  'q1000',
  'min_charge_weight',
]);
const DATE_COLUMNS = new Set<Column>(['effective_from', 'effective_to']);
const REQUIRED_COLUMNS: Column[] = ['origin', 'destination', 'basis', 'currency', 'n'];

export const UNKNOWN_COMPANY = 'Unknown company';
export const NOT_OWN_CARRIER = 'The carrier is not the airline of the upload';
export const UNKNOWN_CARRIER = 'Unknown carrier';
export const MISSING_COLUMNS = 'Missing columns';

const list = (values: string[]) => values.join(' ');
const splitList = (text: string | undefined) => (text ? text.split(/[\s,;]+/).filter(Boolean) : []);
const placeText = (p: { kind: string; code: string }) => `${p.kind}:${p.code}`;

/** The cells of one tariff in column order (first-level summary rates). */
export function tariffCells(t: Tariff): Cell[] {
  const values: Record<Column, Cell> = {
    id: t.id,
    carrier: t.airline.airline_code,
    internal_id: t.internal_id,
    origin: placeText(t.origin),
    destination: placeText(t.destination),
    transfers: list(t.transfers),
    non_stop: t.non_stop ? 'true' : 'false',
    basis: t.basis,
    currency: t.currency,
    vat_inclusion: t.vat_inclusion,
    vat_percent: Number(t.vat_percent),
    level: t.level,
    effective_from: t.effective_from,
    effective_to: t.effective_to,
    min_rate: t.min_rate === null ? null : Number(t.min_rate),
    n: t.n === null ? null : Number(t.n),
    q45: t.q45 === null ? null : Number(t.q45),
    q100: t.q100 === null ? null : Number(t.q100),
    q300: t.q300 === null ? null : Number(t.q300),
    q500: t.q500 === null ? null : Number(t.q500),
    q1000: t.q1000 === null ? null : Number(t.q1000),
    min_charge_weight: t.min_charge_weight === null ? null : Number(t.min_charge_weight),
    products: list(t.products),
    groups: list(t.groups),
    companies: list(t.companies.map((c) => c.short_name)),
    sales_channel: t.sales_channel,
    document: t.document,
    notes: t.notes,
  };
  return TARIFFS_XLSX_COLUMNS.map((c) => values[c]);
}

/** The text a cell compares by: numbers through their decimal value, empty as empty. */
function comparable(column: Column, value: Cell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (NUMBER_COLUMNS.has(column)) {
    const text = plainDecimal(String(value));
    return /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : text;
  }
  if (column === 'transfers' || column === 'products' || column === 'groups' || column === 'companies') {
    const items = splitList(String(value).toUpperCase());
    return (column === 'transfers' ? items : items.sort()).join(' ');
  }
  if (column === 'non_stop') return String(value).toLowerCase() === 'true' ? 'true' : 'false';
  return String(value).trim();
}

function place(text: string | undefined): { kind: string; code: string } | undefined {
  if (!text) return undefined;
  const [kind, code] = text.includes(':') ? text.split(':', 2) : ['airport', text];
  return { kind: kind!.trim().toLowerCase(), code: code!.trim().toUpperCase() };
}

function issueText(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  return `${field || 'row'}: ${renderMessage(issueMessage(issue as unknown as IssueLike))}`;
}

export class TariffsXlsxService {
  constructor(
    private readonly db: Db,
    private readonly tariffs: TariffsService,
  ) {}

  /** tariffs.xlsx of the filtered list. */
  async download(auth: AuthContext, query: z.output<typeof tariffsQuery>): Promise<Buffer> {
    const all = await this.tariffs.allTariffs(auth, query);
    return await writeXlsx('tariffs', [[...TARIFFS_XLSX_COLUMNS], ...all.map(tariffCells)]);
  }

  /** Reads the header and rows of an upload into column maps; a file that is no workbook is one 422. */
  private async rowsOf(file: Buffer): Promise<{ row: number; cells: Row }[]> {
    let sheet: Awaited<ReturnType<typeof readXlsx>>;
    try {
      sheet = await readXlsx(file);
    } catch (error) {
      if (error instanceof XlsxError)
        throw validation({ file: [message('xlsxUnreadable')] }, message('xlsxUnreadable'));
      throw error;
    }
    const header = (sheet.rows[0] ?? []).map((h) => (h ?? '').trim().toLowerCase());
    const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
    if (missing.length) {
      const text = `${MISSING_COLUMNS}: ${missing.join(', ')}`;
      throw validation({ file: [text] }, text);
    }
    const out: { row: number; cells: Row }[] = [];
    for (let r = 1; r < sheet.rows.length; r++) {
      const values = sheet.rows[r]!;
      if (values.every((v) => v === null || v.trim() === '')) continue;
      const cells: Row = {};
      header.forEach((name, c) => {
        if (!(TARIFFS_XLSX_COLUMNS as readonly string[]).includes(name)) return;
        const column = name as Column;
        const raw = values[c];
        if (raw === null || raw === undefined || raw.trim() === '') return;
        const isNumber = sheet.numeric[r]?.[c] === true;
        if (DATE_COLUMNS.has(column) && isNumber) cells[column] = dateFromSerial(Number(raw));
        else cells[column] = isNumber ? plainDecimal(raw) : raw.trim();
      });
      out.push({ row: r + 1, cells });
    }
    return out;
  }

  /** The create or update body of a row, in the contract's shape (validated by its schema afterwards). */
  private bodyOf(cells: Row, companyIds: number[]): Record<string, unknown> {
    const summary = Object.fromEntries(SUMMARY_RATE_KEYS.map((k) => [k, cells[k] ?? null]));
    let rates: unknown[];
    try {
      rates = ratesFromSummary(summary).map((r) => ({
        rate_class: r.rateClass,
        rate_type: r.rateType,
        value: String(r.value),
        ...(r.weightBreak === undefined ? {} : { weight_break: String(r.weightBreak) }),
      }));
    } catch (error) {
      rates = [{ rate_class: 'N', value: (error as Error).message }];
    }
    return {
      internal_id: cells.internal_id ?? null,
      origin: place(cells.origin),
      destination: place(cells.destination),
      transfers: splitList(cells.transfers),
      non_stop: (cells.non_stop ?? 'false').toLowerCase() === 'true',
      basis: cells.basis,
      currency: cells.currency,
      vat_inclusion: cells.vat_inclusion ?? 'without',
      vat_percent: cells.vat_percent ?? '0',
      level: cells.level ?? 'first',
      effective_from: cells.effective_from ?? null,
      effective_to: cells.effective_to ?? null,
      rates,
      min_charge_weight: cells.min_charge_weight ?? null,
      products: splitList(cells.products),
      groups: splitList(cells.groups),
      company_ids: companyIds,
      sales_channel: cells.sales_channel ?? null,
      document: cells.document ?? null,
      notes: cells.notes ?? null,
    };
  }

  /**
   * Creates (no id) or updates (an id of the airline's tariff) one tariff per row, each row on its own: a row that
   * fails changes nothing and says why; the others are kept. Rows equal to the stored tariff are left unchanged.
   */
  async upload(auth: AuthContext, file: Buffer, airlineIdParam: number | undefined): Promise<TariffsUploadReport> {
    const rows = await this.rowsOf(file);
    const report: TariffsUploadReport = { created: 0, updated: 0, unchanged: 0, failed: 0, rows: [] };
    const touched = new Set<number>();
    const ownAirline = auth.companyType === 'platform' ? airlineIdParam : (auth.companyId ?? undefined);
    await inTransaction(this.db, async (tx) => {
      for (const { row, cells } of rows) {
        try {
          const outcome = await inTransaction(tx, (sp) => this.applyRow(sp, auth, cells, ownAirline));
          report[outcome.status]++;
          if (outcome.status !== 'unchanged') touched.add(outcome.airlineId);
          report.rows.push({ row, status: outcome.status, tariff_id: outcome.id, errors: [] });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          report.failed++;
          report.rows.push({ row, status: 'failed', tariff_id: null, errors: errorTexts(error) });
        }
      }
      for (const airlineId of touched) await repo.notifyChange(tx, airlineId);
    });
    return report;
  }

  private async applyRow(
    tx: Db,
    auth: AuthContext,
    cells: Row,
    ownAirline: number | undefined,
  ): Promise<{ status: 'created' | 'updated' | 'unchanged'; id: number; airlineId: number }> {
    // The airline: the caller's own, or for the platform the one named (airline_id) or the row's carrier.
    let airlineId = ownAirline;
    if (cells.carrier) {
      const carrier = await repo.airlineByCode(tx, cells.carrier.toUpperCase());
      if (!carrier) throw validation({ carrier: [UNKNOWN_CARRIER] }, UNKNOWN_CARRIER);
      if (airlineId !== undefined && carrier.id !== airlineId)
        throw validation({ carrier: [NOT_OWN_CARRIER] }, NOT_OWN_CARRIER);
      airlineId = carrier.id;
    }
    if (airlineId === undefined) throw validation({ carrier: [message('required')] }, message('required'));
    const names = splitList(cells.companies);
    const companies = await repo.companiesByShortNames(tx, names);
    const missing = names.filter((n) => !companies.some((c) => c.short_name === n));
    if (missing.length) throw validation({ companies: [`${UNKNOWN_COMPANY}: ${missing.join(' ')}`] }, UNKNOWN_COMPANY);
    const body = this.bodyOf(
      cells,
      companies.map((c) => c.id),
    );
    const id = cells.id ? Number(cells.id) : null;
    if (id === null) {
      const parsed = tariffCreate.safeParse(body);
      if (!parsed.success) throw rowValidation(parsed.error.issues);
      const created = await this.tariffs.insertTariff(tx, airlineId, parsed.data);
      return { status: 'created', id: created, airlineId };
    }
    const current = Number.isInteger(id) && id > 0 ? await this.tariffs.findOwnTariff(tx, airlineId, id) : null;
    if (!current) throw new AppError(404, 'NotFound', message('tariffNotFound'), { id: [message('tariffNotFound')] });
    const stored = await this.tariffs.tariffIn(tx, auth, id);
    const storedCells = tariffCells(stored);
    const same = TARIFFS_XLSX_COLUMNS.every(
      (column, i) => column === 'carrier' || comparable(column, storedCells[i]) === comparable(column, cells[column]),
    );
    if (same) return { status: 'unchanged', id, airlineId };
    const parsed = tariffUpdate.safeParse(body);
    if (!parsed.success) throw rowValidation(parsed.error.issues);
    // The file holds the first-level summary rates: other rates (second level, other breaks, expired) are kept.
    const kept = stored.rates
      .filter((r) => {
        const level = r.level ?? stored.level;
        if (r.expired || level !== 'first') return true;
        if (r.rate_class !== 'Q') return false;
        return keyOfBreak(parseScaled(r.weight_break ?? '0', WEIGHT_DECIMALS, 'weight_break')) === undefined;
      })
      .map((r) => ({
        rate_class: r.rate_class,
        rate_type: r.rate_type,
        value: r.value,
        weight_break: r.weight_break,
        level: r.level,
        expired: r.expired,
      }));
    await this.tariffs.changeTariff(tx, current, { ...parsed.data, rates: [...kept, ...(parsed.data.rates ?? [])] });
    return { status: 'updated', id, airlineId };
  }
}

function rowValidation(issues: z.core.$ZodIssue[]): AppError {
  const errors = Object.fromEntries(issues.map((i) => [i.path.join('.') || 'row', [issueText(i)]]));
  return validation(errors, Object.values(errors)[0]![0]!);
}

/** The English texts of a row's failure: each field's messages, or the failure's message. */
function errorTexts(error: AppError): string[] {
  const texts = Object.entries(error.fieldErrors).flatMap(([field, list]) =>
    list.map((text) => (text.startsWith(`${field}:`) ? text : `${field}: ${text}`)),
  );
  return texts.length ? texts : [error.messageKey ? renderMessage(error.messageKey) : error.message];
}
