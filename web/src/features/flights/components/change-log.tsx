import { Alert, Badge, Center, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { type ChangeLogEntry, type Segment, useChangeLogs } from '../api/flights';

const PER_PAGE = 25;

function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('flights.changeLog.yes') : t('flights.changeLog.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function Changes({ entry }: { entry: ChangeLogEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {Object.entries(entry.change_set).map(([field, [before, after]]) => (
        <Text key={field} size="sm">
          <Text component="span" fw={600} inherit>
            {t(`flights.fields.${field}`, { defaultValue: field })}:
          </Text>{' '}
          {valueText(before, t)} → {valueText(after, t)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Who changed the flight, when, through which channel, and each field before and after. The segment's log holds its
 * own records (sales, lock, capacity) and its flight's (legs, aircraft, type, cancellation).
 */
export function ChangeLog({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useChangeLogs({ record_type: 'segment', record_id: segment.id, page, per_page: PER_PAGE });
  const rows = logs.data?.data ?? [];

  return (
    <Stack>
      {logs.isError && (
        <Alert color="red" role="alert">
          {errorMessage(logs.error, t)}
        </Alert>
      )}
      <Table striped verticalSpacing="xs" data-testid="change-log" aria-busy={logs.isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flights.changeLog.when')}</Table.Th>
            <Table.Th>{t('flights.changeLog.who')}</Table.Th>
            <Table.Th>{t('flights.changeLog.channel')}</Table.Th>
            <Table.Th>{t('flights.changeLog.record')}</Table.Th>
            <Table.Th>{t('flights.changeLog.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <DateTimeText value={entry.created_at} withZone />
              </Table.Td>
              <Table.Td>{entry.user_email ?? t('flights.changeLog.system')}</Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`flights.channels.${entry.channel}`)}</Badge>
              </Table.Td>
              <Table.Td>
                {entry.record_type === 'flight' ? t('flights.changeLog.flight') : t('flights.changeLog.segment')}
              </Table.Td>
              <Table.Td>
                <Changes entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {logs.isFetching && (
        <Center>
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      )}
      {!logs.isFetching && !logs.isError && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('flights.changeLog.empty')}
        </Text>
      )}
      {(logs.data?.meta.total_pages ?? 1) > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={logs.data?.meta.total_pages ?? 1} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
