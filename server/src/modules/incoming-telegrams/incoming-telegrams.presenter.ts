import type {
  IncomingTelegram,
  IncomingTelegramSummary,
  TelegramIntakeKey,
} from '@aircargo/contract/incoming-telegrams';
import type { telegramIntakeKeys } from '../../db/schema';
import type { DetailRow, SummaryRow } from './incoming-telegrams.repository';

export function presentSummary(row: SummaryRow): IncomingTelegramSummary {
  return {
    id: row.id,
    family: row.family as IncomingTelegramSummary['family'],
    message_type: row.message_type,
    version: row.version,
    sent_at: row.sent_at?.toISOString() ?? null,
    airline: row.airline?.id ? { id: row.airline.id, code: row.airline.code, name: row.airline.name } : null,
    station: row.station,
    source: row.source as IncomingTelegramSummary['source'],
    sender: row.sender,
    notes: row.notes,
    corrected: row.corrected,
    parsing_status: row.parsing_status as IncomingTelegramSummary['parsing_status'],
    processing_status: row.processing_status as IncomingTelegramSummary['processing_status'],
    errors: row.errors,
    received_at: row.received_at.toISOString(),
    processed_at: row.processed_at?.toISOString() ?? null,
    duplicate_of: row.duplicate_of_id,
    mawb: row.mawb,
    links: {
      air_waybill: row.air_waybill?.id ? { id: row.air_waybill.id, mawb: row.air_waybill.mawb } : null,
      booking_id: row.booking_id,
      flight_id: row.flight_id,
      house_waybill_ids: row.house_waybill_ids,
      ssim_telegram_id: row.ssim_telegram_id,
    },
    row_version: row.row_version,
  };
}

export function presentTelegram(row: DetailRow): IncomingTelegram {
  return {
    ...presentSummary(row),
    body: row.body,
    original_body: row.original_body,
    result: row.result,
    envelope: row.envelope,
  };
}

export function presentKey(row: typeof telegramIntakeKeys.$inferSelect): TelegramIntakeKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
