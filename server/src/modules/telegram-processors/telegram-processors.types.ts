import type { ParsedMessage } from '@aircargo/cargo-messages';
import type { CompanyType } from '@aircargo/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';

/**
 * The seam between the incoming-telegram worker (modules/incoming-telegrams) and what a telegram does to the data.
 * The worker stores a telegram, parses it, decides by the receiving company's type whether its type is processed
 * (PROCESSED_TELEGRAM_TYPES in packages/domain), opens one transaction and calls the processor of the type with it;
 * a processor throws an AppError (or any error) to roll everything back and fail the telegram with that message.
 */
export interface TelegramContext {
  telegram: {
    id: number;
    /** cimp or ahm. */
    family: string;
    /** FWB, FSU, MVT, ... */
    message_type: string;
    version: number | null;
    /** upload, http, email. */
    source: string;
    body: string;
    /** The company whose intake received it (platform or an airline). */
    company_id: number | null;
    /** The carrier the telegram is about, when known before processing. */
    airline_id: number | null;
  };
  receiver: { companyId: number; companyType: CompanyType };
  /** The parse result of the (possibly corrected) body: `message` is non-null and no issue has severity error. */
  parsed: ParsedMessage;
  /** The user who uploaded or restarted it, null for the HTTP and e-mail intakes. */
  userId: number | null;
  clock: Clock;
}

/** Records the telegram touched; stored on the telegram and shown as links on its detail page. */
export interface TelegramLinks {
  airline_id?: number | null;
  air_waybill_id?: number | null;
  house_waybill_ids?: number[];
  booking_id?: number | null;
  flight_id?: number | null;
  ssim_telegram_id?: number | null;
}

export interface ProcessOutcome {
  /** processed: applied; partially_processed: some lines applied, see errors; ignored: nothing to do (e.g. same state). */
  status: 'processed' | 'partially_processed' | 'ignored';
  /** A short account for the detail page, e.g. { created: 'air_waybill', mawb: '555-12345675' }. */
  result: Record<string, unknown>;
  /** Per-line problems met while applying (line of the body, 1-based, or null). */
  errors: { line: number | null; message: string }[];
  links: TelegramLinks;
}

export type TelegramProcessor = (tx: Db, ctx: TelegramContext) => Promise<ProcessOutcome>;
