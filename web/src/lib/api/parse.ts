import { msg } from '@aircargo/contract/messages';
import { z } from 'zod';

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Numbers may arrive as numbers or numeric strings ("12.5"); both become numbers. */
export function readNumber(value: unknown): unknown {
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return value;
}

export const zNumber = z.preprocess(readNumber, z.number());
export const zNullableNumber = z.preprocess(readNumber, z.number().nullable());

const ISO_DATE = z.iso.date();
const ISO_DATE_TIME = z.iso.datetime({ offset: true, local: true });

/**
 * True for real ISO 8601 dates and date-times ("2026-03-01", "2026-03-01T10:00:00+03:00", "2026-03-01T10:00"),
 * checked by zod's ISO validators: 2023-02-29 and 2026-02-30 are refused.
 */
export function isIsoDateTime(value: string): boolean {
  return ISO_DATE.safeParse(value).success || ISO_DATE_TIME.safeParse(value).success;
}

/**
 * An ISO date-time kept exactly as sent, so its own offset survives (a departure at 10:00+03:00 stays 10:00+03:00);
 * formatting decides later whether to show it in UTC, the viewer's zone or the airport's zone.
 */
export const zIsoDateTime = z.string().refine(isIsoDateTime, { message: msg('invalidFormat') });
export const zNullableIsoDateTime = zIsoDateTime.nullable();
