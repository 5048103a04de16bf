import { Button, Code, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import { isRunning, type SsimTelegram, useRestartTelegram, useSsimTelegram } from '../api/ssim-telegrams';
import { TelegramReport } from '../components/telegram-report';
import { ParsingBadge, ProcessingBadge, TelegramProgress } from '../components/telegram-status';

/** Longest body shown on the page (a year's SSIM is megabytes); the rest is said to be cut. */
const BODY_PREVIEW = 200_000;

function TelegramDetail({ telegram }: { telegram: SsimTelegram }) {
  const { t } = useTranslation();
  const canRestart = useCan('ssim:upload');
  const restart = useRestartTelegram(telegram.id);
  const onRestart = async () => {
    if (!(await confirmAction({ message: t('ssimTelegrams.confirmRestart', { id: telegram.id }) }))) return;
    restart.mutate(undefined, {
      onSuccess: () => toast(t('ssimTelegrams.restarted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  return (
    <Stack>
      <PageHeader
        title={`${t('routes.ssimTelegram')} ${telegram.id}`}
        actions={
          canRestart && (
            <Button onClick={() => void onRestart()} loading={restart.isPending} disabled={isRunning(telegram)}>
              {t('ssimTelegrams.restart')}
            </Button>
          )
        }
      />
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t(`ssimTelegrams.kinds.${telegram.kind}`)} ·{' '}
          {telegram.file_name ?? t(`ssimTelegrams.sources.${telegram.source}`)}
        </Text>
        <Text size="sm">
          {t('ssimTelegrams.fields.received')}: <DateTimeText value={telegram.received_at} withZone />
        </Text>
        {telegram.user_email && <Text size="sm">{telegram.user_email}</Text>}
        <ParsingBadge status={telegram.parsing_status} />
        <ProcessingBadge status={telegram.processing_status} />
        <TelegramProgress telegram={telegram} />
      </Group>
      <TelegramReport telegram={telegram} />
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          {t('ssimTelegrams.bodyTitle')}
        </Text>
        <ScrollArea h={300}>
          <Code block>{telegram.body.slice(0, BODY_PREVIEW)}</Code>
        </ScrollArea>
        {telegram.body.length > BODY_PREVIEW && (
          <Text size="xs" c="dimmed">
            {t('ssimTelegrams.bodyCut', { shown: BODY_PREVIEW, size: telegram.body.length })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** Messaging / SSIM telegram: body, statuses, the report per record with line numbers, errors, restart. */
export function SsimTelegramRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useSsimTelegram(id);
  return (
    <RecordLoader query={query} notFound={t('ssimTelegrams.errors.notFound')}>
      {(telegram) => <TelegramDetail telegram={telegram} />}
    </RecordLoader>
  );
}
