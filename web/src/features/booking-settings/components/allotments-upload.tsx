import { Alert, Badge, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { ALLOTMENTS_TEMPLATE_PATH, type UploadReport, useUploadAllotments } from '../api/allotments';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The per-row report of an allotments upload: counts, then the refused rows with their reasons, by row number. */
function UploadReportView({ report }: { report: UploadReport }) {
  const { t } = useTranslation();
  const failed = report.rows.filter((row) => row.status === 'failed');
  return (
    <Stack gap="xs" aria-label={t('bookingSettings.upload.report')}>
      <Text size="sm">{t('bookingSettings.upload.summary', { created: report.created, failed: report.failed })}</Text>
      {failed.length > 0 && (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bookingSettings.upload.row')}</Table.Th>
              <Table.Th>{t('bookingSettings.upload.status')}</Table.Th>
              <Table.Th>{t('bookingSettings.upload.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Badge color="red" variant="light">
                    {t('bookingSettings.upload.failedRow')}
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

/** Settings / Allotments: the XLSX template download and upload, with the per-row report of the last upload. */
export function AllotmentsUpload() {
  const { t } = useTranslation();
  const upload = useUploadAllotments();
  const [report, setReport] = useState<UploadReport | null>(null);
  const onFile = (file: File | null) => {
    if (!file) return;
    setReport(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        setReport(result);
        toast(t('bookingSettings.upload.done'), result.failed > 0 ? 'negative' : 'positive');
      },
    });
  };
  return (
    <Stack gap="sm" mb="md">
      <Group align="flex-end">
        <DownloadButton
          path={ALLOTMENTS_TEMPLATE_PATH}
          fallbackName="allotments_template.xlsx"
          label={t('bookingSettings.upload.template')}
        />
        <FileButton onChange={onFile} accept={XLSX_ACCEPT}>
          {(props) => (
            <Button {...props} loading={upload.isPending}>
              {t('bookingSettings.upload.button')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('bookingSettings.upload.hint')}
      </Text>
      {upload.isError && (
        <Alert color="red" title={t('bookingSettings.upload.rejected')}>
          {errorMessage(upload.error, t)}
        </Alert>
      )}
      {report && <UploadReportView report={report} />}
    </Stack>
  );
}
