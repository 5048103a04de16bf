import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { useProfile } from '@/lib/auth/profile';
import { RangesTable } from '../components/ranges-table';

/**
 * Settings / My AWB stocks (forwarder): the ranges airlines have assigned to the company, their free numbers and the
 * low-stock warning. The platform sees every holder's.
 */
export function AgentStocksRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const platform = profile?.company_business_type === 'platform';
  return (
    <>
      <PageHeader title={t('routes.agentStocks')} />
      <Text c="dimmed" size="sm" mb="sm">
        {t('stocks.agentExplain')}
      </Text>
      <RangesTable showAirline showHolder={platform} canEdit={false} />
    </>
  );
}
