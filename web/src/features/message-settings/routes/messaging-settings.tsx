import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { callApi } from '@/lib/api/endpoint';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { useMessagingSettings } from '../api/message-settings';
import { IntakeKeys } from '../components/intake-keys';
import { MessagingSettingsForm } from '../components/messaging-settings-form';

/** The platform's choice of the airline whose settings it edits (its own when none is chosen). */
function CompanyPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const airlines = useQuery({
    queryKey: ['reference', 'notable-companies', 'airline'],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: 'airline', per_page: 200, sort: 'name' },
        signal,
        kind: 'notable-companies-airline',
      }),
    staleTime: REFERENCE_STALE_MS,
  });
  return (
    <Select
      label={t('messageSettings.messaging.company')}
      placeholder={t('messageSettings.messaging.ownCompany')}
      searchable
      clearable
      w={320}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      data={(airlines.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }))}
    />
  );
}

/**
 * Settings / Messaging: the company's own Type B address and mailbox, its SITA gateway (e-mail or HTTP) with write-only
 * credentials, the webhook signing secret, and the keys of the HTTP telegram intake. The platform may edit an
 * airline's settings too.
 */
export function MessagingSettingsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('message_settings:write');
  const canManageKeys = useCan('messaging:write');
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  const [companyId, setCompanyId] = useState<number | null>(null);
  const settings = useMessagingSettings(companyId);
  return (
    <Stack>
      <PageHeader title={t('routes.messagingSettings')} />
      {isPlatform && <CompanyPicker value={companyId} onChange={setCompanyId} />}
      <RecordLoader query={settings} notFound={t('errors.codes.NotFound')}>
        {(record) => (
          <MessagingSettingsForm
            key={`${record.company.id}-${record.updated_at ?? 'new'}`}
            settings={record}
            canEdit={canEdit}
            companyId={companyId}
          />
        )}
      </RecordLoader>
      {canManageKeys && companyId === null && <IntakeKeys />}
    </Stack>
  );
}
