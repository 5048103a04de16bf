import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { AgreementsTable } from '../components/agreements-table';

/** A forwarder's own agreements with airlines. */
export function AgentAgreementsRoute() {
  const { t } = useTranslation();
  const canUpdate = useCan('agreements:update');
  return (
    <>
      <PageHeader title={t('routes.agentAgreements')} />
      <AgreementsTable source="agent/agreements" editBase={canUpdate ? '/settings/agent/agreements' : null} />
    </>
  );
}
