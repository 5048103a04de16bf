import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import {
  EMPTY_TELEGRAM_SOURCE,
  TelegramSourceInput,
  telegramSourceOf,
} from '@/components/telegrams/telegram-source-input';
import { errorMessage } from '@/lib/api/errors';
import { SSIM_TELEGRAMS_PATH, useSsimTelegram, useUploadTelegram } from '../api/ssim-telegrams';
import { TelegramReport } from '../components/telegram-report';
import { ParsingBadge, ProcessingBadge, TelegramProgress } from '../components/telegram-status';

/** The telegram just uploaded, read again while a job applies it. */
function UploadResult({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useSsimTelegram(id);
  if (!query.data) return null;
  const telegram = query.data;
  return (
    <Paper withBorder p="md" aria-label={t('ssimTelegrams.resultTitle')} component="section">
      <Stack gap="sm">
        <Group gap="sm">
          <Anchor component={Link} to={`${SSIM_TELEGRAMS_PATH}/${telegram.id}`}>
            {t('routes.ssimTelegram')} {telegram.id}
          </Anchor>
          <ParsingBadge status={telegram.parsing_status} />
          <ProcessingBadge status={telegram.processing_status} />
          <TelegramProgress telegram={telegram} />
        </Group>
        <TelegramReport telegram={telegram} />
      </Stack>
    </Paper>
  );
}

/** Messaging / SSIM upload: an SSIM chapter 7 file, an SSM or an ASM, chosen as a file or pasted. */
export function SsimUploadRoute() {
  const { t } = useTranslation();
  const [source, setSource] = useState(EMPTY_TELEGRAM_SOURCE);
  const [missing, setMissing] = useState(false);
  const upload = useUploadTelegram();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = telegramSourceOf(source);
    setMissing(input === null);
    if (input) upload.mutate(input);
  };

  return (
    <Stack>
      <PageHeader title={t('routes.ssimUpload')} />
      <Paper withBorder p="md">
        <form onSubmit={submit} aria-label={t('routes.ssimUpload')}>
          <Stack gap="sm">
            <Text size="sm">{t('ssimTelegrams.uploadHint')}</Text>
            <TelegramSourceInput
              value={source}
              onChange={setSource}
              modeLabels={{ file: t('ssimTelegrams.fromFile'), text: t('ssimTelegrams.fromText') }}
              fileLabel={t('ssimTelegrams.file')}
              textLabel={t('ssimTelegrams.text')}
              error={missing ? t('validation.required') : undefined}
            />
            {upload.isError && (
              <Alert color="red" role="alert">
                {errorMessage(upload.error, t)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={upload.isPending}>
                {t('ssimTelegrams.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {upload.data && <UploadResult id={upload.data.id} />}
    </Stack>
  );
}
