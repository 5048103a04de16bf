import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { Alert, Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import { goodsTemplatePath, type UploadReport, useUploadGoodsItems } from '../api/reports';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The refused rows of an upload with their reasons; nothing was written when there are any. */
function RowErrors({ report }: { report: UploadReport }) {
  const { t } = useTranslation();
  const failed = report.rows.filter((row) => row.status === 'failed');
  return (
    <Stack gap="xs" aria-label={t('waybillReports.goods.report')}>
      <Text size="sm">
        {report.failed > 0
          ? t('waybillReports.goods.refused', { failed: report.failed })
          : t('waybillReports.goods.replaced', { count: report.created })}
      </Text>
      {failed.length > 0 && (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('waybillReports.goods.row')}</Table.Th>
              <Table.Th>{t('waybillReports.goods.status')}</Table.Th>
              <Table.Th>{t('waybillReports.goods.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Badge color="red" variant="light">
                    {t('waybillReports.goods.failedRow')}
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

/** Cargo tab: the goods items from an XLSX file (template, upload, the refused rows); replaces the waybill's list. */
export function GoodsItemsUpload({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write');
  const upload = useUploadGoodsItems(waybill.id);
  const [report, setReport] = useState<UploadReport | null>(null);
  if (!canWrite) return null;
  const onFile = (file: File | null) => {
    if (!file) return;
    setReport(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        setReport(result);
        toast(
          result.failed > 0 ? t('waybillReports.goods.nothingWritten') : t('waybillReports.goods.done'),
          result.failed > 0 ? 'negative' : 'positive',
        );
      },
    });
  };
  return (
    <Stack gap="sm" mt="md">
      <Title order={5}>{t('waybillReports.goods.title')}</Title>
      <Group align="flex-end">
        <DownloadButton
          path={goodsTemplatePath(waybill.id)}
          fallbackName="goods_items_template.xlsx"
          label={t('waybillReports.goods.template')}
        />
        <FileButton onChange={onFile} accept={XLSX_ACCEPT}>
          {(props) => (
            <Button {...props} loading={upload.isPending}>
              {t('waybillReports.goods.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('waybillReports.goods.hint')}
      </Text>
      {upload.isError && (
        <Alert color="red" title={t('waybillReports.goods.rejected')}>
          {errorMessage(upload.error, t)}
        </Alert>
      )}
      {report && <RowErrors report={report} />}
    </Stack>
  );
}
