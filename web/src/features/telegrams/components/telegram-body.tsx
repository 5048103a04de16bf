import { Box, Code, Paper, ScrollArea, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface LineIssue {
  /** 1-based line of the body; null when not tied to a line. */
  line: number | null;
  message: string;
  severity?: 'error' | 'warning';
}

/** Longest body shown with line numbers; the rest is said to be cut. */
const MAX_LINES = 5000;

/** A telegram's text with line numbers; each line with issues is marked and the issues are written under it. */
export function TelegramBody({ body, issues, title }: { body: string; issues: readonly LineIssue[]; title: string }) {
  const { t } = useTranslation();
  const lines = useMemo(() => body.replace(/\r\n?/g, '\n').split('\n'), [body]);
  const byLine = useMemo(() => {
    const map = new Map<number, LineIssue[]>();
    for (const issue of issues) {
      if (issue.line === null) continue;
      map.set(issue.line, [...(map.get(issue.line) ?? []), issue]);
    }
    return map;
  }, [issues]);
  const width = String(Math.min(lines.length, MAX_LINES)).length;
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <ScrollArea.Autosize mah={480}>
        <Code block>
          {lines.slice(0, MAX_LINES).map((text, index) => {
            const number = index + 1;
            const marks = byLine.get(number) ?? [];
            const hasError = marks.some((m) => m.severity !== 'warning');
            return (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are identified by their number
                key={index}
                data-line={number}
                data-error={marks.length > 0 ? (hasError ? 'error' : 'warning') : undefined}
                bg={marks.length === 0 ? undefined : hasError ? 'red.1' : 'yellow.1'}
              >
                <Text component="span" c="dimmed" inherit style={{ userSelect: 'none' }}>
                  {String(number).padStart(width, ' ')}{' '}
                </Text>
                {text || ' '}
                {marks.map((mark) => (
                  <Text
                    key={mark.message}
                    size="xs"
                    c={mark.severity === 'warning' ? 'yellow.9' : 'red.8'}
                    style={{ whiteSpace: 'pre-wrap' }}
                  >
                    {' '.repeat(width + 1)}▲ {mark.message}
                  </Text>
                ))}
              </Box>
            );
          })}
        </Code>
      </ScrollArea.Autosize>
      {lines.length > MAX_LINES && (
        <Text size="xs" c="dimmed">
          {t('telegrams.bodyCut', { shown: MAX_LINES, size: lines.length })}
        </Text>
      )}
      {issues.some((i) => i.line === null) && (
        <Box mt="xs">
          {issues
            .filter((i) => i.line === null)
            .map((i) => (
              <Text key={i.message} size="sm" c="red">
                {i.message}
              </Text>
            ))}
        </Box>
      )}
    </Paper>
  );
}
