import type { TelegramFamily } from '@aircargo/contract/incoming-telegrams';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import {
  cimpEditPath,
  type IncomingTelegram,
  isRunning,
  useIncomingTelegram,
  useRestartTelegram,
} from '../api/incoming-telegrams';
import { TelegramBody } from '../components/telegram-body';
import { TelegramLinks, TelegramResult } from '../components/telegram-links';
import { ParsingBadge, ProcessingBadge, YesNo } from '../components/telegram-status';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </div>
  );
}

/** Restart (after a confirmation) and Edit of a Cargo-IMP telegram, for who may write messaging. */
function CimpActions({ telegram }: { telegram: IncomingTelegram }) {
  const { t } = useTranslation();
  const restart = useRestartTelegram(telegram.id);
  const onRestart = async () => {
    if (!(await confirmAction({ message: t('telegrams.confirmRestart', { id: telegram.id }) }))) return;
    restart.mutate(undefined, {
      onSuccess: () => toast(t('telegrams.restarted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  return (
    <Group gap="sm">
      <Button variant="default" component={Link} to={cimpEditPath(telegram.id)}>
        {t('common.edit')}
      </Button>
      <Button onClick={() => void onRestart()} loading={restart.isPending} disabled={isRunning(telegram)}>
        {t('telegrams.restart')}
      </Button>
    </Group>
  );
}

function TelegramDetail({ telegram }: { telegram: IncomingTelegram }) {
  const { t } = useTranslation();
  const canWrite = useCan('messaging:write');
  const title = t(telegram.family === 'ahm' ? 'routes.ahmTelegram' : 'routes.cimpTelegram');
  const type = telegram.message_type
    ? `${telegram.message_type}${telegram.version !== null ? `/${telegram.version}` : ''}`
    : t('telegrams.unknownType');
  return (
    <Stack>
      <PageHeader
        title={`${title} ${telegram.id} · ${type}`}
        actions={canWrite && telegram.family === 'cimp' ? <CimpActions telegram={telegram} /> : undefined}
      />
      <Group gap="sm">
        <ParsingBadge status={telegram.parsing_status} />
        <ProcessingBadge status={telegram.processing_status} />
      </Group>
      {telegram.errors.length > 0 && (
        <Alert
          color="red"
          role="alert"
          title={t(telegram.family === 'ahm' ? 'telegrams.ahmHasErrors' : 'validation.cimpHasErrors')}
        >
          {t('telegrams.hasErrors', { count: telegram.errors.length })}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Field label={t('telegrams.fields.type')}>{type}</Field>
          <Field label={t('telegrams.fields.sent')}>
            {telegram.sent_at && <DateTimeText value={telegram.sent_at} withZone />}
          </Field>
          <Field label={t('telegrams.fields.received')}>
            <DateTimeText value={telegram.received_at} withZone />
          </Field>
          <Field label={t('telegrams.fields.processedAt')}>
            {telegram.processed_at && <DateTimeText value={telegram.processed_at} withZone />}
          </Field>
          <Field label={t('telegrams.fields.airline')}>
            {telegram.airline &&
              [telegram.airline.code, telegram.airline.name]
                .filter((part, index, all) => part && all.indexOf(part) === index)
                .join(' · ')}
          </Field>
          <Field label={t('telegrams.fields.station')}>{telegram.station}</Field>
          <Field label={t('telegrams.fields.source')}>{t(`telegrams.sources.${telegram.source}`)}</Field>
          <Field label={t('telegrams.fields.sender')}>{telegram.sender}</Field>
          <Field label={t('telegrams.fields.corrected')}>
            <YesNo value={telegram.corrected} />
          </Field>
          <Field label={t('telegrams.fields.notes')}>{telegram.notes}</Field>
          {telegram.envelope && (
            <>
              <Field label={t('telegrams.fields.envelopeOrigin')}>{telegram.envelope.origin}</Field>
              <Field label={t('telegrams.fields.envelopeDestinations')}>
                {telegram.envelope.destinations.join(' ') || null}
              </Field>
              <Field label={t('telegrams.fields.priority')}>{telegram.envelope.priority}</Field>
              <Field label={t('telegrams.fields.messageId')}>{telegram.envelope.message_id}</Field>
            </>
          )}
        </SimpleGrid>
      </Paper>
      <TelegramLinks telegram={telegram} />
      <TelegramResult result={telegram.result} />
      <TelegramBody body={telegram.body} issues={telegram.errors} title={t('telegrams.bodyTitle')} />
      {telegram.corrected && telegram.original_body !== telegram.body && (
        <TelegramBody body={telegram.original_body} issues={[]} title={t('telegrams.originalBodyTitle')} />
      )}
    </Stack>
  );
}

function TelegramRoute({ family }: { family: TelegramFamily }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useIncomingTelegram(family, id);
  return (
    <RecordLoader query={query} notFound={t('telegrams.notFound')}>
      {(telegram) => <TelegramDetail telegram={telegram} />}
    </RecordLoader>
  );
}

/** Messaging / CIMP telegram: statuses, links, result, the body with line numbers and its errors; restart, edit. */
export function CimpTelegramRoute() {
  return <TelegramRoute family="cimp" />;
}

/** Messaging / AHM telegram (MVT, LDM, CPM, UCM): the same page without the Cargo-IMP actions. */
export function AhmTelegramRoute() {
  return <TelegramRoute family="ahm" />;
}
