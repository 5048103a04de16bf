import { WAYBILL_DATE_TYPES, type WaybillDateType } from '@aircargo/contract/air-waybill-lists';
import type { QueryParams } from '@aircargo/contract/query-string';
import {
  cassReportQuery,
  REPORT_KINDS,
  REPORT_MAX_DAYS,
  type ReportKind,
  sendReportBody,
  xlsxReportQuery,
} from '@aircargo/contract/waybill-reports';
import { Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PER_PAGE_OPTIONS } from '@/components/data-table/table-url-state';
import { DownloadButton } from '@/components/download/download-button';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { formErrorMap, translateValidation } from '@/lib/validation/messages';
import { REPORT_PATHS, useSendReport } from '../api/reports';
import { queryFromUrl } from './list-filters';

type Mode = 'xlsx' | 'cass' | 'send';

/** The list's filters from the URL, without its paging: what a report of the list reads. */
function useListFilters(): Record<string, string> {
  const [params] = useSearchParams();
  return useMemo(() => {
    const { cursor: _cursor, per_page: _perPage, ...rest } = queryFromUrl(params, PER_PAGE_OPTIONS);
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  }, [params]);
}

/** Per field, the first error of the schema in the current language. */
function fieldErrors(schema: z.ZodType, value: unknown, t: (key: string) => string): Record<string, string> {
  const parsed = schema.safeParse(value, { error: formErrorMap });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= translateValidation(issue.message, t as never) ?? issue.message;
  }
  return errors;
}

/** The report dialog: the date range (and type for XLSX), then the download or, to send, the kind and recipients. */
function ReportDialog({ mode, onClose }: { mode: Mode; onClose: () => void }) {
  const { t } = useTranslation();
  const filters = useListFilters();
  const send = useSendReport();
  const [kind, setKind] = useState<ReportKind>(mode === 'cass' ? 'cass' : 'xlsx');
  const [dateType, setDateType] = useState<WaybillDateType>(
    (filters.date_type as WaybillDateType | undefined) ?? 'created',
  );
  const [from, setFrom] = useState(filters.date_from ?? '');
  const [to, setTo] = useState(filters.date_to ?? '');
  const [emails, setEmails] = useState('');
  const cass = mode === 'cass' || (mode === 'send' && kind === 'cass');
  const query: QueryParams = {
    ...filters,
    date_type: cass ? 'issue' : dateType,
    ...(from ? { date_from: from } : { date_from: undefined }),
    ...(to ? { date_to: to } : { date_to: undefined }),
  };
  const recipients = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const errors =
    mode === 'send'
      ? fieldErrors(sendReportBody, { ...query, kind, emails: recipients }, t)
      : fieldErrors(cass ? cassReportQuery : xlsxReportQuery, query, t);
  const valid = Object.keys(errors).length === 0;

  const onSend = () =>
    send.mutate({ ...query, kind, emails: recipients } as never, {
      onSuccess: (result) => {
        toast(t('waybillReports.send.queued', { count: result.queued }));
        onClose();
      },
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });

  return (
    <Modal opened onClose={onClose} title={t(`waybillReports.titles.${mode}`)}>
      <Stack gap="sm">
        {mode === 'send' && (
          <Select
            label={t('waybillReports.kind')}
            data={REPORT_KINDS.map((k) => ({ value: k, label: t(`waybillReports.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as ReportKind)}
            allowDeselect={false}
          />
        )}
        {cass ? (
          <Text size="sm">{t('waybillReports.cassHint')}</Text>
        ) : (
          <Select
            label={t('airWaybills.filters.date_type')}
            data={WAYBILL_DATE_TYPES.map((d) => ({ value: d, label: t(`waybillReports.dateTypes.${d}`) }))}
            value={dateType}
            onChange={(v) => v && setDateType(v as WaybillDateType)}
            allowDeselect={false}
            error={errors.date_type}
          />
        )}
        <Group grow>
          <TextInput
            type="date"
            label={t('airWaybills.filters.date_from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={errors.date_from}
          />
          <TextInput
            type="date"
            label={t('airWaybills.filters.date_to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={errors.date_to}
          />
        </Group>
        {cass && errors.date_type && (
          <Text size="sm" c="red">
            {errors.date_type}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('waybillReports.rangeHint', { days: REPORT_MAX_DAYS })}
        </Text>
        {mode === 'send' ? (
          <>
            <TextInput
              label={t('waybillReports.send.emails')}
              description={t('waybillReports.send.emailsHint')}
              value={emails}
              onChange={(e) => setEmails(e.currentTarget.value)}
              error={emails ? errors.emails : undefined}
            />
            <Group justify="flex-end">
              <Button onClick={onSend} disabled={!valid} loading={send.isPending}>
                {t('waybillReports.send.submit')}
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <DownloadButton
              path={REPORT_PATHS[cass ? 'cass' : 'xlsx']}
              query={query}
              fallbackName={cass ? 'awb_cass_listing.xlsx' : 'awb_xlsx_report.xlsx'}
              label={t('waybillReports.download')}
              disabled={!valid}
            />
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** The "Report" menu of the air waybill list: XLSX of the current filters, the CASS listing, sending by e-mail. */
export function ReportMenu() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode | null>(null);
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default">{t('waybillReports.menu')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setMode('xlsx')}>{t('waybillReports.titles.xlsx')}</Menu.Item>
          <Menu.Item onClick={() => setMode('cass')}>{t('waybillReports.titles.cass')}</Menu.Item>
          <Menu.Item onClick={() => setMode('send')}>{t('waybillReports.titles.send')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {mode && <ReportDialog mode={mode} onClose={() => setMode(null)} />}
    </>
  );
}
