import type { TelegramValidation } from '@aircargo/contract/incoming-telegrams';
import { Alert, Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LineIssue, TelegramBody } from './telegram-body';

/** The validation's issues on the lines of the whole text (each telegram's lines start at its first_line). */
export function validationIssues(validation: TelegramValidation, columnLabel: (column: number) => string): LineIssue[] {
  return validation.telegrams.flatMap((telegram) =>
    telegram.issues.map((issue) => ({
      line: telegram.first_line + issue.line - 1,
      message: `${issue.message} (${issue.code}${issue.column > 0 ? `, ${columnLabel(issue.column)}` : ''})`,
      severity: issue.severity,
    })),
  );
}

/** What the validate call found: each telegram's type, version and verdict, and the text with its issues per line. */
export function ValidationReport({ validation, text }: { validation: TelegramValidation; text: string | null }) {
  const { t } = useTranslation();
  const issues = validationIssues(validation, (column) => t('telegrams.validation.column', { column }));
  return (
    <Stack gap="sm" aria-label={t('telegrams.validation.title')} component="section">
      <Alert color={validation.valid ? 'green' : 'red'} role="status" title={t('telegrams.validation.title')}>
        {validation.valid
          ? t('telegrams.validation.valid', { count: validation.telegrams.length })
          : t('validation.cimpHasErrors')}
      </Alert>
      <Table withTableBorder striped aria-label={t('telegrams.validation.telegrams')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('telegrams.validation.firstLine')}</Table.Th>
            <Table.Th>{t('telegrams.fields.type')}</Table.Th>
            <Table.Th>{t('telegrams.validation.version')}</Table.Th>
            <Table.Th>{t('telegrams.validation.verdict')}</Table.Th>
            <Table.Th>{t('telegrams.validation.issues')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {validation.telegrams.map((telegram, index) => (
            <Table.Tr key={telegram.first_line}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{telegram.first_line}</Table.Td>
              <Table.Td>{telegram.message_type ?? t('telegrams.unknownType')}</Table.Td>
              <Table.Td>{telegram.version ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={telegram.valid ? 'green' : 'red'} variant="light">
                  {telegram.valid ? t('telegrams.validation.ok') : t('telegrams.validation.invalid')}
                </Badge>
              </Table.Td>
              <Table.Td>{telegram.issues.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {text !== null && issues.length > 0 && (
        <TelegramBody body={text} issues={issues} title={t('telegrams.validation.lines')} />
      )}
    </Stack>
  );
}
