import type { IncomingTelegram, TelegramValidation } from '@aircargo/contract/incoming-telegrams';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { PageHeader } from '@/components/layout/page-header';
import {
  EMPTY_TELEGRAM_SOURCE,
  type TelegramSource,
  TelegramSourceInput,
  type TelegramSourceValue,
  telegramSourceOf,
  telegramText,
} from '@/components/telegrams/telegram-source-input';
import { errorMessage } from '@/lib/api/errors';
import {
  telegramPath,
  useUploadedTelegrams,
  useUploadTelegrams,
  useValidateTelegrams,
} from '../api/incoming-telegrams';
import { ErrorsBadge, ParsingBadge, ProcessingBadge } from '../components/telegram-status';
import { ValidationReport } from '../components/validation-report';

/** The telegrams the upload stored, read again while the worker parses and processes them. */
function UploadResult({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const query = useUploadedTelegrams(ids);
  const row = (telegram: IncomingTelegram) => (
    <Table.Tr key={telegram.id}>
      <Table.Td>
        <Anchor component={Link} to={telegramPath(telegram.family, telegram.id)}>
          {t(telegram.family === 'ahm' ? 'routes.ahmTelegram' : 'routes.cimpTelegram')} {telegram.id}
        </Anchor>
      </Table.Td>
      <Table.Td>{telegram.message_type ?? t('telegrams.unknownType')}</Table.Td>
      <Table.Td>
        <DateTimeText value={telegram.received_at} withZone />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <ParsingBadge status={telegram.parsing_status} />
          <ProcessingBadge status={telegram.processing_status} />
          <ErrorsBadge errors={telegram.errors} />
        </Group>
      </Table.Td>
      <Table.Td>
        {telegram.links.air_waybill && (
          <Anchor component={Link} to={`/shipments/${telegram.links.air_waybill.mawb}`}>
            {telegram.links.air_waybill.mawb}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={t('telegrams.upload.resultTitle')}>
      <Stack gap="sm">
        <Text fw={600}>{t('telegrams.upload.created', { count: ids.length })}</Text>
        {query.isError && (
          <Alert color="red" role="alert">
            {errorMessage(query.error, t)}
          </Alert>
        )}
        {query.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <Table withTableBorder aria-label={t('telegrams.upload.resultTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('telegrams.fields.id')}</Table.Th>
                <Table.Th>{t('telegrams.fields.type')}</Table.Th>
                <Table.Th>{t('telegrams.fields.received')}</Table.Th>
                <Table.Th>{t('telegrams.fields.status')}</Table.Th>
                <Table.Th>{t('telegrams.fields.mawb')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data?.map(row)}</Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Messaging / CIMP upload: a file or pasted text of one or more telegrams (Type B, SITATEX or bare). It is validated
 * first (detected type and version, issues per line, nothing stored), then sent: each telegram becomes a row that the
 * worker parses and processes; the created telegrams are listed with their progress and links.
 */
export function CimpUploadRoute() {
  const { t } = useTranslation();
  const [source, setSource] = useState<TelegramSourceValue>(EMPTY_TELEGRAM_SOURCE);
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  /** The validated input and its text, while the input is unchanged. */
  const [checked, setChecked] = useState<{ source: TelegramSource; text: string; result: TelegramValidation } | null>(
    null,
  );
  const validate = useValidateTelegrams();
  const upload = useUploadTelegrams();

  const change = (value: TelegramSourceValue) => {
    setSource(value);
    setChecked(null);
    validate.reset();
    upload.reset();
  };

  const onValidate = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = telegramSourceOf(source);
    setMissing(input === null);
    if (!input) return;
    const text = await telegramText(input);
    validate.mutate(text, { onSuccess: (result) => setChecked({ source: input, text, result }) });
  };

  const onSend = () => {
    if (checked) upload.mutate({ source: checked.source, notes });
  };

  return (
    <Stack>
      <PageHeader title={t('routes.cimpUpload')} />
      <Paper withBorder p="md">
        <form onSubmit={(event) => void onValidate(event)} aria-label={t('routes.cimpUpload')}>
          <Stack gap="sm">
            <Text size="sm">{t('telegrams.upload.hint')}</Text>
            <TelegramSourceInput
              value={source}
              onChange={change}
              modeLabels={{ file: t('telegrams.upload.fromFile'), text: t('telegrams.upload.fromText') }}
              fileLabel={t('telegrams.upload.file')}
              textLabel={t('telegrams.upload.text')}
              error={missing ? t('validation.required') : undefined}
            />
            <Textarea
              label={t('telegrams.fields.notes')}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              rows={2}
            />
            {(validate.isError || upload.isError) && (
              <Alert color="red" role="alert">
                {errorMessage(validate.error ?? upload.error, t)}
              </Alert>
            )}
            <Group>
              <Button type="submit" variant={checked ? 'default' : 'filled'} loading={validate.isPending}>
                {t('telegrams.upload.validate')}
              </Button>
              {checked && !upload.data && (
                <Button onClick={onSend} loading={upload.isPending} color={checked.result.valid ? undefined : 'orange'}>
                  {checked.result.valid ? t('telegrams.upload.send') : t('telegrams.upload.sendWithErrors')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {checked && <ValidationReport validation={checked.result} text={checked.text} />}
      {upload.data && <UploadResult ids={upload.data.ids} />}
    </Stack>
  );
}
