import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { useProfile } from '@/lib/auth/profile';
import { OutgoingMessagesTable } from '../components/outgoing-messages-table';

/** Messaging / Outgoing messages: the log of what the company sent or what concerns its airline. */
export function OutgoingMessagesRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  return (
    <>
      <PageHeader title={t('routes.outgoingMessages')} />
      {/* The message page (/messaging/messages/:id) is the platform's (seed 000 section 6). */}
      <OutgoingMessagesTable canOpen={isPlatform} chooseAirline={isPlatform} />
    </>
  );
}
