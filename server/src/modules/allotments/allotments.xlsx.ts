import { ALLOTMENT_UPLOAD_COLUMNS } from '@aircargo/contract/bookings';
import { templateWorkbook, type UploadRow } from '../capacities/capacities.xlsx';

/** The example row of the template: a flight's allotment (leave flight and flight_date empty for a route's). */
const EXAMPLE: Record<(typeof ALLOTMENT_UPLOAD_COLUMNS)[number], string | number | boolean> = {
  carrier: 'SU',
  origin: 'SVO',
  destination: 'LED',
  forwarder: 'FWDA',
  type: 'hard',
  weight: 800,
  volume: 5.5,
  flight: 'SU1234',
  flight_date: '2027-03-10',
  valid_until: '2027-12-31',
  timelimit_to_std: 24,
  postal: 'no',
};

/** The template: the header row of the upload columns and one example row. */
export function buildTemplate(): Promise<Buffer> {
  return templateWorkbook(
    'allotments',
    ALLOTMENT_UPLOAD_COLUMNS,
    ALLOTMENT_UPLOAD_COLUMNS.map((c) => EXAMPLE[c]),
  );
}

/** A row's parts: the create's fields, and the forwarder and flight the file names by their names. */
export interface RowCandidate {
  fields: Record<string, unknown>;
  forwarder: string | null;
  flight: string | null;
  flightDate: string | null;
}

/** The columns that are create fields as they are (forwarder, flight and postal are read apart). */
const CREATE_COLUMNS = [
  'carrier',
  'origin',
  'destination',
  'type',
  'weight',
  'volume',
  'valid_until',
  'timelimit_to_std',
];
const NUMERIC = new Set(['weight', 'volume', 'timelimit_to_std']);
const YES = /^(true|yes|y|1|да)$/i;
const NO = /^(false|no|n|0|нет)$/i;
/** Create fields by file column (the others keep their names). */
const FIELD: Record<string, string> = { origin: 'origin_iata', destination: 'destination_iata' };

/** A sheet row as the create schema reads it: numbers from numeric text, postal from yes/no, codes in upper case. */
export function candidateOf(values: UploadRow['values']): RowCandidate {
  const fields: Record<string, unknown> = {};
  const text = (column: string) => {
    const value = values[column] ?? null;
    return value === null ? null : String(value).trim();
  };
  for (const column of CREATE_COLUMNS) {
    const value = values[column];
    if (value === null || value === undefined) continue;
    const t = String(value).trim();
    const field = FIELD[column] ?? column;
    if (NUMERIC.has(column))
      fields[field] = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
    else if (column === 'type') fields[field] = t.toLowerCase();
    else fields[field] = ['carrier', 'origin', 'destination'].includes(column) ? t.toUpperCase() : t;
  }
  const postal = text('postal');
  if (postal !== null) fields.postal = YES.test(postal) ? true : NO.test(postal) ? false : postal;
  return { fields, forwarder: text('forwarder'), flight: text('flight'), flightDate: text('flight_date') };
}

/** The file column an error of a create field names. */
export function columnOf(field: string): string {
  const columns: Record<string, string> = {
    origin_iata: 'origin',
    destination_iata: 'destination',
    forwarder_id: 'forwarder',
    segment_id: 'flight',
  };
  return columns[field] ?? field;
}
