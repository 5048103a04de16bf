import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { SSIM_UPLOAD_PATH } from '../api/ssim-telegrams';
import { ExportSchedule } from '../components/export-schedule';
import { TelegramsTable } from '../components/telegrams-table';

/** Messaging / SSIM telegrams: the schedule telegrams received, their statuses and counts; the schedule export. */
export function SsimTelegramsRoute() {
  const { t } = useTranslation();
  const canUpload = useCan('ssim:upload');
  const canRead = useCan('ssim:read');
  const { data: profile } = useProfile();
  return (
    <Stack>
      <PageHeader
        title={t('routes.ssimTelegrams')}
        actions={
          canUpload && (
            <Button component={Link} to={SSIM_UPLOAD_PATH}>
              {t('ssimTelegrams.upload')}
            </Button>
          )
        }
      />
      {canRead && <ExportSchedule carrier={profile?.airline_code ?? null} />}
      <TelegramsTable canOpen={canRead} />
    </Stack>
  );
}
