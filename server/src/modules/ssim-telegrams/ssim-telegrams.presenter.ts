import type {
  SsimTelegram,
  SsimTelegramSummary,
  TelegramCounts,
  TelegramReport,
} from '@aircargo/contract/ssim-telegrams';
import { emptyReport } from './ssim-telegrams.apply';
import type { TelegramRow, TelegramSummaryRow } from './ssim-telegrams.repository';

const ZERO: TelegramCounts = { created: 0, changed: 0, unchanged: 0, cancelled: 0, skipped: 0 };

export function presentSummary(row: TelegramSummaryRow): SsimTelegramSummary {
  return {
    id: row.id,
    kind: row.kind as SsimTelegramSummary['kind'],
    source: row.source as SsimTelegramSummary['source'],
    file_name: row.file_name,
    airline: row.airline?.id ? row.airline : null,
    carriers: row.carriers ?? [],
    company: row.company?.id ? row.company : null,
    user_email: row.user_email,
    parsing_status: row.parsing_status as SsimTelegramSummary['parsing_status'],
    processing_status: row.processing_status as SsimTelegramSummary['processing_status'],
    counts: { ...ZERO, ...(row.counts ?? {}) },
    progress: row.progress ?? { done: 0, total: 0 },
    size: row.size,
    received_at: row.received_at.toISOString(),
    processed_at: row.processed_at?.toISOString() ?? null,
  };
}

export function presentTelegram(row: TelegramRow): SsimTelegram {
  return {
    ...presentSummary(row),
    body: row.body,
    report: { ...emptyReport(), ...((row.report ?? {}) as Partial<TelegramReport>) },
    errors: row.errors,
  };
}
