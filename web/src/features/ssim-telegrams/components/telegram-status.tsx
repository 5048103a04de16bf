import type { SsimTelegramSummary } from '@aircargo/contract/ssim-telegrams';
import { Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PROCESSING_COLORS: Record<SsimTelegramSummary['processing_status'], string> = {
  pending: 'gray',
  processing: 'blue',
  processed: 'green',
  partially_processed: 'yellow',
  failed: 'red',
};
const PARSING_COLORS: Record<SsimTelegramSummary['parsing_status'], string> = {
  pending: 'gray',
  parsed: 'green',
  failed: 'red',
};

export function ProcessingBadge({ status }: { status: SsimTelegramSummary['processing_status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={PROCESSING_COLORS[status]} variant="light">
      {t(`ssimTelegrams.processing.${status}`)}
    </Badge>
  );
}

export function ParsingBadge({ status }: { status: SsimTelegramSummary['parsing_status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={PARSING_COLORS[status]} variant="outline">
      {t(`ssimTelegrams.parsing.${status}`)}
    </Badge>
  );
}

/** Parts done out of all while a job applies the telegram. */
export function TelegramProgress({
  telegram,
}: {
  telegram: Pick<SsimTelegramSummary, 'progress' | 'processing_status'>;
}) {
  const { t } = useTranslation();
  const { done, total } = telegram.progress;
  if (telegram.processing_status !== 'processing' && telegram.processing_status !== 'pending') return null;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={percent} w={120} aria-label={t('ssimTelegrams.progress')} animated />
      <Text size="xs">{t('ssimTelegrams.progressParts', { done, total })}</Text>
    </Group>
  );
}

/** Created / changed / unchanged / cancelled / skipped, compact. */
export function CountsText({ counts }: { counts: SsimTelegramSummary['counts'] }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" component="span">
      {(['created', 'changed', 'unchanged', 'cancelled', 'skipped'] as const)
        .map((k) => `${t(`ssimTelegrams.counts.${k}`)} ${counts[k]}`)
        .join(' · ')}
    </Text>
  );
}
