import type { IncomingProcessingStatus, IncomingTelegramSummary } from '@aircargo/contract/incoming-telegrams';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PROCESSING_COLORS: Record<IncomingProcessingStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  processed: 'green',
  partially_processed: 'yellow',
  ignored: 'gray',
  not_processed: 'gray',
  duplicate: 'orange',
  failed: 'red',
};
const PARSING_COLORS: Record<IncomingTelegramSummary['parsing_status'], string> = {
  pending: 'gray',
  parsed: 'green',
  failed: 'red',
};

export function ProcessingBadge({ status }: { status: IncomingProcessingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={PROCESSING_COLORS[status]} variant="light">
      {t(`telegrams.processing.${status}`)}
    </Badge>
  );
}

export function ParsingBadge({ status }: { status: IncomingTelegramSummary['parsing_status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={PARSING_COLORS[status]} variant="outline">
      {t(`telegrams.parsing.${status}`)}
    </Badge>
  );
}

/** "CIMP has errors" with their count; the messages in a tooltip. */
export function ErrorsBadge({ errors }: { errors: IncomingTelegramSummary['errors'] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Tooltip
      multiline
      w={360}
      label={errors
        .slice(0, 5)
        .map((e) => (e.line !== null ? `${t('telegrams.fields.line')} ${e.line}: ${e.message}` : e.message))
        .join('\n')}
    >
      <Badge color="red" variant="filled">
        {t('telegrams.hasErrors', { count: errors.length })}
      </Badge>
    </Tooltip>
  );
}

/** Yes / no of a boolean column. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('telegrams.yes') : t('telegrams.no')}</>;
}
