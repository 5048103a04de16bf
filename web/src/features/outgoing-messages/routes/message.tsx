import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { OUTGOING_MESSAGES_PATH, type OutgoingMessage, useOutgoingMessage } from '../api/outgoing-messages';
import { MessageDetails } from '../components/message-details';

function MessagePage({ message }: { message: OutgoingMessage }) {
  const { t } = useTranslation();
  const f = (name: string) => t(`outgoingMessages.fields.${name}`);
  const none = t('outgoingMessages.none');
  return (
    <Stack>
      <PageHeader
        title={`${t('routes.message')} ${message.id}`}
        actions={
          <Button component={Link} to={OUTGOING_MESSAGES_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {f('event')}: {t(`outgoingMessages.events.${message.event}`)}
          {message.message_type ? ` · ${message.message_type}` : ''}
        </Text>
        <Text size="sm">
          {f('airline')}: {message.airline?.short_name ?? none}
        </Text>
        <Text size="sm">
          {f('segment')}: {message.segment ?? none}
        </Text>
        <Text size="sm">
          {f('air_waybill')}: {message.air_waybill ?? none}
        </Text>
        <Text size="sm">
          {f('subject')}: {message.subject ?? none}
        </Text>
        <Text size="sm">
          {f('from')}: {message.from ?? none}
        </Text>
        <Text size="sm">
          {f('forwarded')}: {message.forwarded ? t('outgoingMessages.yes') : t('outgoingMessages.no')}
        </Text>
        <Text size="sm">
          {f('sender')}: {[message.sender?.short_name, message.user_email].filter(Boolean).join(' · ') || none}
        </Text>
      </Group>
      <MessageDetails message={message} />
    </Stack>
  );
}

/** Messaging / Message (platform): one outgoing message with all its details; restart when it failed. */
export function MessageRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const message = useOutgoingMessage(id);
  return (
    <RecordLoader query={message} notFound={t('outgoingMessages.notFound')}>
      {(record) => <MessagePage message={record} />}
    </RecordLoader>
  );
}
