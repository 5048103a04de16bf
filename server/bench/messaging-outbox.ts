/**
 * npm run bench:messaging-outbox — outgoing messages delivered per second (issue 14 figures): a fresh database on the
 * PostgreSQL server (TEST_DATABASE_URL, default the local one), BENCH_MESSAGES (default 2,000) FWB messages queued
 * through `emitTelegram` to e-mail recipients, BENCH_WORKERS (default 2) `src/worker.ts` processes, and a local SMTP
 * server (smtp-server) receiving them. The clock starts when the workers are up (their first mail) and stops when every
 * row is sent; every Message-ID must have arrived exactly once. The database is dropped afterwards.
 */
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { outgoingMessages } from '../src/db/schema';
import {
  outboxDatabase,
  postgresAvailable,
  queueMessages,
  startWorker,
  stopWorker,
  waitUntil,
} from '../src/test/outbox-workers';
import { startSmtpSink } from '../src/test/smtp-sink';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

if (!(await postgresAvailable())) {
  console.error('bench:messaging-outbox needs a PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432)');
  process.exit(1);
}

const smtp = await startSmtpSink();
const { url, database, drop } = await outboxDatabase('bench');
const workers: ReturnType<typeof startWorker>[] = [];
try {
  const queuedAt = performance.now();
  await queueMessages(database, MESSAGES);
  const queueSeconds = (performance.now() - queuedAt) / 1000;
  console.log(
    `queued ${MESSAGES} messages in ${queueSeconds.toFixed(1)} s (${(MESSAGES / queueSeconds).toFixed(0)}/s)`,
  );

  for (let i = 0; i < WORKERS; i++) workers.push(startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url }));
  // The workers' start (tsx, migrations check) is not delivery time: the clock starts at the first mail.
  await smtp.waitFor(1, 60_000);
  const startedAt = performance.now();
  const startedWith = smtp.mails.length;
  await waitUntil(
    async () => {
      const [row] = await database.db
        .select({ n: count() })
        .from(outgoingMessages)
        .where(sql`${outgoingMessages.status} <> 'sent'`);
      return row!.n === 0;
    },
    600_000,
    'every message to be sent',
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const delivered = smtp.mails.length - startedWith;
  const distinct = new Set(smtp.mails.map((m) => m.messageId)).size;
  console.log(
    `${WORKERS} workers delivered ${delivered} messages in ${seconds.toFixed(1)} s: ` +
      `${(delivered / seconds).toFixed(0)} messages/s to the local SMTP server`,
  );
  console.log(`message IDs received: ${distinct} distinct of ${smtp.mails.length} mails (expected ${MESSAGES})`);
  if (distinct !== MESSAGES || smtp.mails.length !== MESSAGES) process.exitCode = 1;
} finally {
  for (const w of workers) await stopWorker(w);
  await smtp.close();
  await drop();
}
