import { scheduleExportQuery } from '@aircargo/contract/ssim-telegrams';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { apiDownload, saveFile } from '@/lib/api/api-client';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { formSchema } from '@/lib/validation/messages';
import { SCHEDULE_EXPORT_PATH } from '../api/ssim-telegrams';

const exportForm = formSchema(scheduleExportQuery);
type ExportForm = z.input<typeof scheduleExportQuery>;

const isoToday = () => new Date().toISOString().slice(0, 10);
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** "Export schedule": a carrier's flights over a period as an SSIM file, downloaded. */
export function ExportSchedule({ carrier }: { carrier: string | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(exportForm, {
    defaultValues: { carrier: carrier ?? '', from: isoToday(), to: isoIn(30), time_mode: 'local' } as ExportForm,
  });
  const submit = form.handleSubmit(async (query) => {
    setBusy(true);
    const result = await apiDownload(SCHEDULE_EXPORT_PATH, {
      query,
      fallbackName: `${query.carrier}_${query.from}_${query.to}.ssim`,
    });
    setBusy(false);
    if (result.ok) saveFile(result.data);
    else toast(errorMessage(result.error, t, { NotFound: t('ssimTelegrams.errors.airlineNotFound') }), 'negative');
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void submit(event)} aria-label={t('ssimTelegrams.exportTitle')}>
        <Stack gap="sm">
          <Text fw={600}>{t('ssimTelegrams.exportTitle')}</Text>
          <Group align="flex-end" wrap="wrap">
            <TextField control={form.control} name="carrier" label={t('ssimTelegrams.fields.carrier')} w={100} />
            <DateField control={form.control} name="from" label={t('ssimTelegrams.fields.from')} />
            <DateField control={form.control} name="to" label={t('ssimTelegrams.fields.to')} />
            <SelectField
              control={form.control}
              name="time_mode"
              label={t('ssimTelegrams.fields.timeMode')}
              allowDeselect={false}
              data={[
                { value: 'local', label: t('ssimTelegrams.timeModes.local') },
                { value: 'utc', label: t('ssimTelegrams.timeModes.utc') },
              ]}
            />
            <Button type="submit" loading={busy}>
              {t('ssimTelegrams.export')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
