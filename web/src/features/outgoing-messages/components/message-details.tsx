import { Alert, Button, Code, Group, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { PageLoader } from '@/components/feedback/page-loader';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import { isRestartable, type OutgoingMessage, useOutgoingMessage, useRestartMessage } from '../api/outgoing-messages';
import { MessageStatus } from './message-status';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </div>
  );
}

/** A JSON value (request parameters or headers) as text; nothing when empty. */
function jsonText(value: Record<string, unknown> | null): string | null {
  if (!value || Object.keys(value).length === 0) return null;
  return JSON.stringify(value, null, 2);
}

/** Restart of a failed or dead message, after a confirmation; only for those who may write messages. */
export function RestartButton({ message }: { message: OutgoingMessage }) {
  const { t } = useTranslation();
  const canRestart = useCan('messaging:write');
  const restart = useRestartMessage();
  if (!canRestart || !isRestartable(message)) return null;
  const onRestart = async () => {
    if (!(await confirmAction({ message: t('outgoingMessages.confirmRestart', { id: message.id }) }))) return;
    restart.mutate(message.id, {
      onSuccess: () => toast(t('outgoingMessages.restarted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  return (
    <Button size="xs" onClick={() => void onRestart()} loading={restart.isPending}>
      {t('outgoingMessages.restart')}
    </Button>
  );
}

/** The expanded details of seed 000: ids, channel, recipients, the request, the Type B and bus fields, and the body. */
export function MessageDetails({ message }: { message: OutgoingMessage }) {
  const { t } = useTranslation();
  const f = (name: string) => t(`outgoingMessages.fields.${name}`);
  const none = t('outgoingMessages.none');
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? none : String(value);
  const list = (values: string[]) => (values.length ? values.join(', ') : none);
  const params = jsonText(message.request_params);
  const headers = jsonText(message.request_headers);
  return (
    <Stack gap="sm" data-testid={`message-details-${message.id}`}>
      <Group justify="space-between" align="flex-start">
        <MessageStatus status={message.status} lastError={message.last_error} />
        <RestartButton message={message} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Field label={f('id')}>{message.id}</Field>
        <Field label={f('message_setting_id')}>{text(message.message_setting_id)}</Field>
        <Field label={f('channel')}>{t(`outgoingMessages.channels.${message.channel}`)}</Field>
        <Field label={f('source_id')}>{text(message.source_id)}</Field>
        <Field label={f('to')}>{list(message.to)}</Field>
        <Field label={f('cc')}>{list(message.cc)}</Field>
        <Field label={f('bcc')}>{list(message.bcc)}</Field>
        <Field label={f('files_url')}>{text(message.files_url)}</Field>
        <Field label={f('request_method')}>{text(message.request_method)}</Field>
        <Field label={f('request_url')}>{text(message.request_url)}</Field>
        <Field label={f('origin')}>{text(message.origin)}</Field>
        <Field label={f('destination')}>{text(message.destination)}</Field>
        <Field label={f('message_id')}>{text(message.message_id)}</Field>
        <Field label={f('key')}>{text(message.key)}</Field>
        <Field label={f('topic')}>{text(message.topic)}</Field>
        <Field label={f('correlation_id')}>{text(message.correlation_id)}</Field>
        <Field label={f('value')}>{text(message.value)}</Field>
        <Field label={f('attempts')}>{message.attempts}</Field>
        <Field label={f('created_at')}>
          <DateTimeText value={message.created_at} withZone />
        </Field>
        <Field label={f('sent_at')}>{message.sent_at ? <DateTimeText value={message.sent_at} withZone /> : none}</Field>
      </SimpleGrid>
      {(params || headers) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Field label={f('request_params')}>{params ? <Code block>{params}</Code> : none}</Field>
          <Field label={f('request_headers')}>{headers ? <Code block>{headers}</Code> : none}</Field>
        </SimpleGrid>
      )}
      <Paper withBorder p="xs">
        <Text size="xs" c="dimmed" mb={4}>
          {f('body')}
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Code block style={{ whiteSpace: 'pre' }} data-testid="message-body">
            {message.body}
          </Code>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}

/** The details of one message of a list, loaded when its row is expanded. */
export function LoadedMessageDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const message = useOutgoingMessage(id);
  if (message.isPending) return <PageLoader />;
  if (message.isError || !message.data) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(message.error, t, { NotFound: t('outgoingMessages.notFound') })}
      </Alert>
    );
  }
  return <MessageDetails message={message.data} />;
}
