import type { TelegramValidation } from '@aircargo/contract/incoming-telegrams';
import { MESSAGE_CHANNELS, type MessageChannel } from '@aircargo/contract/outgoing-messages';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { refusalIssues, useSendCimp, useValidateTelegrams } from '../api/incoming-telegrams';
import { TelegramBody } from '../components/telegram-body';
import { ValidationReport } from '../components/validation-report';

const OUTGOING_PATH = '/messaging/outgoing-messages';

/**
 * Messaging / CIMP send: compose a Cargo-IMP message, validate it (nothing stored), then send it to the addresses
 * through a channel (cimp_messages/send); the server refuses a text with errors and the lines are marked.
 */
export function CimpSendRoute() {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [channel, setChannel] = useState<MessageChannel | null>(null);
  const [addresses, setAddresses] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const [checked, setChecked] = useState<{ text: string; result: TelegramValidation } | null>(null);
  const validate = useValidateTelegrams();
  const send = useSendCimp();

  const changeBody = (value: string) => {
    setBody(value);
    setChecked(null);
    send.reset();
  };

  const onValidate = () => {
    if (!body.trim()) {
      setMissing(true);
      return;
    }
    validate.mutate(body, { onSuccess: (result) => setChecked({ text: body, result }) });
  };

  const onSend = (event: React.FormEvent) => {
    event.preventDefault();
    const empty = !body.trim() || channel === null || addresses.length === 0;
    setMissing(empty);
    if (empty || channel === null) return;
    send.mutate({ body, channel, addresses });
  };

  const refused = refusalIssues(send.error);
  return (
    <Stack>
      <PageHeader title={t('routes.cimpSend')} />
      <Paper withBorder p="md">
        <form onSubmit={onSend} aria-label={t('routes.cimpSend')} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('telegrams.send.hint')}</Text>
            <Textarea
              label={t('telegrams.send.body')}
              value={body}
              onChange={(event) => changeBody(event.currentTarget.value)}
              rows={8}
              required
              styles={{ input: { fontFamily: 'monospace' } }}
              error={missing && !body.trim() ? t('validation.required') : undefined}
            />
            <Group align="flex-start" grow>
              <Select
                label={t('telegrams.send.channel')}
                data={MESSAGE_CHANNELS.map((value) => ({ value, label: t(`telegrams.send.channels.${value}`) }))}
                value={channel}
                onChange={(value) => setChannel(value as MessageChannel | null)}
                required
                error={missing && channel === null ? t('validation.required') : undefined}
              />
              <TagsInput
                label={t('telegrams.send.addresses')}
                description={t('telegrams.send.addressesHint')}
                value={addresses}
                onChange={setAddresses}
                required
                error={missing && addresses.length === 0 ? t('validation.required') : undefined}
              />
            </Group>
            {missing && (
              <Alert color="red" role="alert">
                {t('validation.messageRequiredFields')}
              </Alert>
            )}
            {(validate.isError || send.isError) && (
              <Alert color="red" role="alert">
                {errorMessage(validate.error ?? send.error, t)}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={onValidate} loading={validate.isPending}>
                {t('telegrams.send.validate')}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {t('telegrams.send.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {refused.length > 0 && <TelegramBody body={body} issues={refused} title={t('telegrams.validation.lines')} />}
      {checked && !send.data && <ValidationReport validation={checked.result} text={checked.text} />}
      {send.data && (
        <Paper withBorder p="md" component="section" aria-label={t('telegrams.send.sent')}>
          <Stack gap="sm">
            <Alert color="green" role="status">
              {t('telegrams.send.sent')} · {send.data.message_type}
              {send.data.version !== null ? `/${send.data.version}` : ''}
            </Alert>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('telegrams.fields.id')}</Table.Th>
                  <Table.Th>{t('telegrams.send.channel')}</Table.Th>
                  <Table.Th>{t('telegrams.send.addresses')}</Table.Th>
                  <Table.Th>{t('telegrams.fields.status')}</Table.Th>
                  <Table.Th>{t('telegrams.send.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {send.data.data.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td>{message.id}</Table.Td>
                    <Table.Td>{t(`telegrams.send.channels.${message.channel}`)}</Table.Td>
                    <Table.Td>{message.to.join(', ')}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`telegrams.send.statuses.${message.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <DateTimeText value={message.created_at} withZone />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Anchor component={Link} to={OUTGOING_PATH}>
              {t('telegrams.send.openOutgoing')}
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
