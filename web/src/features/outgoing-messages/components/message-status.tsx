import type { OutgoingStatus } from '@aircargo/contract/outgoing-messages';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OutgoingStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'orange',
  dead: 'red',
};

/** The delivery state, with the last error under it when a try failed. */
export function MessageStatus({ status, lastError }: { status: OutgoingStatus; lastError?: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={COLORS[status]} variant="light">
        {t(`outgoingMessages.statuses.${status}`)}
      </Badge>
      {lastError && (status === 'failed' || status === 'dead') && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {lastError}
        </Text>
      )}
    </Stack>
  );
}
