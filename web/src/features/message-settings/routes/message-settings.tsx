import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { MESSAGE_SETTINGS_PATH } from '../api/message-settings';
import { MessageSettingsTable } from '../components/message-settings-table';

/** Settings / Message settings: who gets which message type of an event, by which channel. */
export function MessageSettingsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('message_settings:write');
  const { data: profile } = useProfile();
  return (
    <>
      <PageHeader
        title={t('routes.messageSettings')}
        actions={
          canEdit && (
            <Button component={Link} to={`${MESSAGE_SETTINGS_PATH}/create`}>
              {t('messageSettings.create')}
            </Button>
          )
        }
      />
      <MessageSettingsTable canEdit={canEdit} showAirline={profile?.company_business_type === 'platform'} />
    </>
  );
}
