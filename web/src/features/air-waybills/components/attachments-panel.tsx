import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { ATTACHMENT_DOC_TYPES, ATTACHMENT_MAX_BYTES } from '@aircargo/contract/attachments';
import { Alert, Anchor, Badge, Button, FileInput, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import {
  type AttachmentDocType,
  attachmentDownloadPath,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../api/air-waybills';
import { Empty } from './sections';

const MB = 1024 * 1024;

function sizeText(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Upload a file with its document type (the size checked before sending), list, download and delete. */
export function AttachmentsPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write') && !waybill.voided;
  const attachments = useAttachments(waybill.id);
  const upload = useUploadAttachment(waybill.id);
  const remove = useDeleteAttachment();
  const [file, setFile] = useState<File | null>(null);
  const [docType, setDocType] = useState<AttachmentDocType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tooLarge = file !== null && file.size > ATTACHMENT_MAX_BYTES;

  const onUpload = () => {
    if (!file || !docType || tooLarge) return;
    setFailure(null);
    upload.mutate(
      { file, docType },
      {
        onSuccess: () => {
          toast(t('airWaybills.attachments.uploaded'));
          setFile(null);
        },
        onError: (error) => setFailure(errorMessage(error, t)),
      },
    );
  };

  const onDelete = async (id: number, name: string) => {
    if (!(await confirmAction({ message: t('airWaybills.attachments.confirmDelete', { name }), danger: true }))) return;
    remove.mutate(id, {
      onSuccess: () => toast(t('airWaybills.attachments.deleted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };

  const rows = attachments.data ?? [];
  return (
    <Stack>
      {canWrite && (
        <Group align="flex-end" wrap="wrap">
          <Select
            size="xs"
            w={200}
            label={t('airWaybills.attachments.docType')}
            data={ATTACHMENT_DOC_TYPES.map((type) => ({ value: type, label: type }))}
            value={docType}
            onChange={(next) => setDocType(next as AttachmentDocType | null)}
            searchable
          />
          <FileInput
            size="xs"
            w={260}
            label={t('airWaybills.attachments.file')}
            value={file}
            onChange={setFile}
            clearable
            error={tooLarge ? t('airWaybills.attachments.tooLarge', { max: ATTACHMENT_MAX_BYTES / MB }) : undefined}
          />
          <Button size="xs" disabled={!file || !docType || tooLarge} loading={upload.isPending} onClick={onUpload}>
            {t('airWaybills.attachments.upload')}
          </Button>
        </Group>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {attachments.isError && (
        <Alert color="red" role="alert">
          {errorMessage(attachments.error, t)}
        </Alert>
      )}
      {attachments.data && rows.length === 0 && <Empty text={t('airWaybills.empty.attachments')} />}
      {rows.length > 0 && (
        <Table striped verticalSpacing="xs" data-testid="attachments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.attachments.docType')}</Table.Th>
              <Table.Th>{t('airWaybills.attachments.file')}</Table.Th>
              <Table.Th>{t('airWaybills.attachments.size')}</Table.Th>
              <Table.Th>{t('airWaybills.attachments.uploadedBy')}</Table.Th>
              <Table.Th>{t('airWaybills.attachments.uploadedAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Badge variant="light">{a.doc_type}</Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.file_name}</Text>
                  <Text size="xs" c="dimmed">
                    {a.content_type}
                  </Text>
                </Table.Td>
                <Table.Td>{sizeText(a.size)}</Table.Td>
                <Table.Td>{a.uploaded_by_email ?? a.company_short_name ?? '—'}</Table.Td>
                <Table.Td>
                  <DateTimeText value={a.created_at} withZone />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <DownloadButton
                      size="compact-xs"
                      path={attachmentDownloadPath(a.id)}
                      fallbackName={a.file_name}
                      label={t('airWaybills.attachments.download')}
                    />
                    {canWrite && (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        c="red"
                        onClick={() => void onDelete(a.id, a.file_name)}
                      >
                        {t('common.delete')}
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
