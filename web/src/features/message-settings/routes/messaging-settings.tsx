import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useMessagingSettings } from '../api/message-settings';
import { IntakeKeys } from '../components/intake-keys';
import { MessagingSettingsForm } from '../components/messaging-settings-form';

/**
 * Settings / Messaging: the company's own Type B address and mailbox, its SITA gateway (e-mail or HTTP) with write-only
 * credentials, the webhook signing secret, and the keys of the HTTP telegram intake.
 */
export function MessagingSettingsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('message_settings:write');
  const canManageKeys = useCan('messaging:write');
  const settings = useMessagingSettings();
  return (
    <Stack>
      <PageHeader title={t('routes.messagingSettings')} />
      <RecordLoader query={settings} notFound={t('errors.codes.NotFound')}>
        {(record) => <MessagingSettingsForm key={record.updated_at ?? 'new'} settings={record} canEdit={canEdit} />}
      </RecordLoader>
      {canManageKeys && <IntakeKeys />}
    </Stack>
  );
}
