import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { CIMP_SEND_PATH, CIMP_UPLOAD_PATH } from '../api/incoming-telegrams';
import { TelegramsTable } from '../components/telegrams-table';

/** "SSIM/CIMP/AHM telegram detail: platform; airline manager" (seed 000 section 6): who holds messaging:write. */
const useCanOpen = () => useCan('messaging:write');

/** Messaging / CIMP telegrams: the Cargo-IMP telegrams received, their statuses and errors; upload and send. */
export function CimpTelegramsRoute() {
  const { t } = useTranslation();
  const canWrite = useCan('messaging:write');
  const canOpen = useCanOpen();
  return (
    <Stack>
      <PageHeader
        title={t('routes.cimpTelegrams')}
        actions={
          canWrite && (
            <Group gap="sm">
              <Button variant="default" component={Link} to={CIMP_SEND_PATH}>
                {t('routes.cimpSend')}
              </Button>
              <Button component={Link} to={CIMP_UPLOAD_PATH}>
                {t('routes.cimpUpload')}
              </Button>
            </Group>
          )
        }
      />
      <TelegramsTable family="cimp" canOpen={canOpen} />
    </Stack>
  );
}

/** Messaging / AHM telegrams: MVT, LDM, CPM and UCM received, their statuses and errors. */
export function AhmTelegramsRoute() {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  return (
    <Stack>
      <PageHeader title={t('routes.ahmTelegrams')} />
      <TelegramsTable family="ahm" canOpen={canOpen} />
    </Stack>
  );
}
