import type { SsimTelegram, TelegramRecord } from '@aircargo/contract/ssim-telegrams';
import { Badge, Group, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountsText } from './telegram-status';

const RECORD_COLORS: Record<TelegramRecord['status'], string> = {
  created: 'green',
  changed: 'blue',
  unchanged: 'gray',
  cancelled: 'orange',
  skipped: 'red',
};
const PAGE = 50;

/** What the telegram did: counts, carriers, SSIM records with their line numbers or SSM/ASM sub-messages, errors. */
export function TelegramReport({ telegram }: { telegram: SsimTelegram }) {
  const { t } = useTranslation();
  const { report } = telegram;
  const [filter, setFilter] = useState<'all' | 'skipped'>('all');
  const [page, setPage] = useState(1);
  const records = useMemo(
    () => (filter === 'skipped' ? report.records.filter((r) => r.status === 'skipped') : report.records),
    [report.records, filter],
  );
  const pages = Math.max(1, Math.ceil(records.length / PAGE));
  const shown = records.slice((page - 1) * PAGE, page * PAGE);
  const legs = (c: TelegramRecord['counts']) =>
    t('ssimTelegrams.legCounts', { created: c.created, changed: c.changed, unchanged: c.unchanged });

  return (
    <Stack gap="md">
      <CountsText counts={report.counts} />
      {report.carriers.length > 0 && (
        <Table withTableBorder aria-label={t('ssimTelegrams.carriersTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ssimTelegrams.fields.carrier')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.period')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.status')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.counts')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.carriers.map((c) => (
              <Table.Tr key={c.carrier}>
                <Table.Td>{c.carrier}</Table.Td>
                <Table.Td>
                  {c.period_from ?? ''} – {c.period_to ?? t('ssimTelegrams.openPeriod')}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`ssimTelegrams.carrierStatus.${c.status}`)}</Text>
                  {c.reason && (
                    <Text size="xs" c="dimmed">
                      {c.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {legs(c.counts)}, {t('ssimTelegrams.counts.cancelled')} {c.counts.cancelled}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {report.records.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{t('ssimTelegrams.recordsTitle')}</Title>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => {
                setFilter(v as 'all' | 'skipped');
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('ssimTelegrams.allRecords') },
                { value: 'skipped', label: t('ssimTelegrams.skippedRecords') },
              ]}
            />
          </Group>
          <Table striped withTableBorder aria-label={t('ssimTelegrams.recordsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ssimTelegrams.fields.line')}</Table.Th>
                <Table.Th>{t('ssimTelegrams.fields.flight')}</Table.Th>
                <Table.Th>{t('ssimTelegrams.fields.status')}</Table.Th>
                <Table.Th>{t('ssimTelegrams.fields.legs')}</Table.Th>
                <Table.Th>{t('ssimTelegrams.fields.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{[r.line, ...r.segment_lines].join(', ')}</Table.Td>
                  <Table.Td>
                    {r.flight} {t('ssimTelegrams.legLabel', { iv: r.itinerary_variation, leg: r.leg_sequence })}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={RECORD_COLORS[r.status]} variant="light">
                      {t(`ssimTelegrams.recordStatus.${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.status === 'skipped' ? '' : legs(r.counts)}</Table.Td>
                  <Table.Td>
                    {r.reason}
                    {r.warnings?.map((w) => (
                      <Text key={w} size="xs" c="yellow.8">
                        {w}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        </Stack>
      )}
      {report.sub_messages.length > 0 && (
        <Table striped withTableBorder aria-label={t('ssimTelegrams.subMessagesTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.action')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.flight')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.status')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.legs')}</Table.Th>
              <Table.Th>{t('ssimTelegrams.fields.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.sub_messages.map((s) => (
              <Table.Tr key={s.index}>
                <Table.Td>{s.index}</Table.Td>
                <Table.Td>{s.action}</Table.Td>
                <Table.Td>{s.flights.join(' ')}</Table.Td>
                <Table.Td>{t(`ssimTelegrams.subStatus.${s.status}`)}</Table.Td>
                <Table.Td>
                  {legs(s.counts)}, {t('ssimTelegrams.counts.cancelled')} {s.counts.cancelled}
                </Table.Td>
                <Table.Td>{s.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {telegram.errors.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>{t('ssimTelegrams.errorsTitle')}</Title>
          {telegram.errors.map((e) => (
            <Text key={`${e.line}-${e.message}`} size="sm" c="red">
              {e.line !== null ? `${t('ssimTelegrams.fields.line')} ${e.line}: ` : ''}
              {e.message}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
