import type { Db } from '../../platform/db';
import { enqueue } from '../../platform/jobs';

/**
 * The one call the writing modules (bookings, air waybills, houses, movements) make in the transaction of a change that
 * produces telegrams: it queues a `telegram.produce` job there (the outbox of decision 007), so the job exists exactly
 * when the change commits. The job's handler (telegram-producers.service.ts) builds the text and writes the outgoing
 * messages through the message settings in a transaction of its own; the writing path stays light and these modules
 * need not import the telegram machinery (no service import cycle).
 */

export const TELEGRAM_PRODUCE_JOB = 'telegram.produce';

/** What changed: the record is a booking, an air waybill, a house waybill or a movement (status event). */
export type TelegramEvent = 'booking_created' | 'awb_created' | 'awb_changed' | 'hawb_changed' | 'status_changed';

export async function produceTelegrams(
  tx: Db,
  event: TelegramEvent,
  recordId: number,
  userId: number | null = null,
): Promise<void> {
  await enqueue(tx, TELEGRAM_PRODUCE_JOB, { event, record_id: recordId, user_id: userId });
}
