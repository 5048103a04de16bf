import { Alert, Badge, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { translateValidation } from '@/lib/validation/messages';
import { type TariffsUploadReport, useUploadTariffs } from '../api/tariffs';

const STATUS_COLORS = { created: 'teal', updated: 'blue', unchanged: 'gray', failed: 'red' } as const;

/** Uploads tariffs.xlsx and shows the per-row report the server answers with. */
export function UploadTariffs({ airlineId, disabled = false }: { airlineId?: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadTariffs();
  const [report, setReport] = useState<TariffsUploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (file: File | null) => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { file, airlineId },
      { onSuccess: setReport, onError: (failure) => setError(errorMessage(failure, t)) },
    );
  };

  return (
    <>
      <FileButton
        onChange={send}
        disabled={disabled}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      >
        {(props) => (
          <Button
            size="xs"
            variant="light"
            loading={upload.isPending}
            disabled={disabled}
            title={disabled ? t('tariffs.upload.pickAirline') : undefined}
            {...props}
          >
            {t('tariffs.upload.button')}
          </Button>
        )}
      </FileButton>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Modal opened={report !== null} onClose={() => setReport(null)} title={t('tariffs.upload.title')} size="lg">
        {report && (
          <Stack>
            <Group gap="md">
              <Text size="sm">{t('tariffs.upload.created', { count: report.created })}</Text>
              <Text size="sm">{t('tariffs.upload.updated', { count: report.updated })}</Text>
              <Text size="sm">{t('tariffs.upload.unchanged', { count: report.unchanged })}</Text>
              <Text size="sm" c={report.failed ? 'red' : undefined}>
                {t('tariffs.upload.failed', { count: report.failed })}
              </Text>
            </Group>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tariffs.upload.row')}</Table.Th>
                  <Table.Th>{t('tariffs.upload.status')}</Table.Th>
                  <Table.Th>{t('tariffs.upload.tariff')}</Table.Th>
                  <Table.Th>{t('tariffs.upload.errors')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[row.status]}>{t(`tariffs.upload.statuses.${row.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{row.tariff_id ?? ''}</Table.Td>
                    <Table.Td>{row.errors.map((e) => translateValidation(e, t)).join('; ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </>
  );
}
