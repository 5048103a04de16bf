import { Alert, Badge, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { FILE_APIS, type UploadKind, type UploadReport, useUpload } from '../api/capacities';

const STATUS_COLORS = { created: 'green', updated: 'blue', unchanged: 'gray', failed: 'red' } as const;

/** The per-row report of an upload: counts, then the rows that failed with their errors, by row number. */
export function UploadReportView({ report }: { report: UploadReport }) {
  const { t } = useTranslation();
  const failed = report.rows.filter((row) => row.status === 'failed');
  return (
    <Stack gap="xs" aria-label={t('capacities.upload.report')}>
      <Text size="sm">
        {t('capacities.upload.summary', {
          created: report.created,
          updated: report.updated,
          unchanged: report.rows.filter((row) => row.status === 'unchanged').length,
          failed: report.failed,
        })}
      </Text>
      {failed.length > 0 && (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('capacities.upload.row')}</Table.Th>
              <Table.Th>{t('capacities.upload.status')}</Table.Th>
              <Table.Th>{t('capacities.upload.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status]} variant="light">
                    {t(`capacities.upload.statuses.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.errors.join('; ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** XLSX upload (with its report) and template download of a kind. */
export function UploadPanel({
  kind,
  airlineId,
  canUpload,
}: {
  kind: UploadKind;
  airlineId: number | null;
  canUpload: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUpload(kind);
  const [report, setReport] = useState<UploadReport | null>(null);
  const onFile = (file: File | null) => {
    if (!file) return;
    setReport(null);
    upload.mutate(
      { file, airlineId },
      {
        onSuccess: (result) => {
          setReport(result);
          toast(t('capacities.upload.done'), result.failed > 0 ? 'negative' : 'positive');
        },
      },
    );
  };
  const template = FILE_APIS[kind].template.path;
  return (
    <Stack gap="sm" mb="md">
      <Group align="flex-end">
        <DownloadButton
          path={template}
          fallbackName={template.split('/').pop() ?? 'template.xlsx'}
          label={t('capacities.upload.template')}
        />
        {canUpload && (
          <FileButton
            onChange={onFile}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
            {(props) => (
              <Button {...props} loading={upload.isPending}>
                {t('capacities.upload.button')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {upload.isError && (
        <Alert color="red" title={t('capacities.upload.failed')}>
          {errorMessage(upload.error, t)}
        </Alert>
      )}
      {report && <UploadReportView report={report} />}
    </Stack>
  );
}
