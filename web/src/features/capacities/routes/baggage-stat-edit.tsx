import { Alert, Button, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { PATHS, useBaggageStat } from '../api/capacities';
import { RecordForm } from '../components/record-form';

const LIST = PATHS.baggageStats;

function Cancel() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={LIST} variant="default">
      {t('confirm.cancel')}
    </Button>
  );
}

export function BaggageStatCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('routes.baggageStatsCreate')} />
      <RecordForm kind="baggageStats" record={null} onSaved={() => void navigate(LIST)} cancel={<Cancel />} />
    </>
  );
}

export function BaggageStatEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const stat = useBaggageStat(id);
  return (
    <>
      <PageHeader title={t('routes.baggageStatsEdit', { id })} />
      {stat.isPending && <Loader aria-label={t('common.loading')} />}
      {stat.isError && <Alert color="red">{errorMessage(stat.error, t)}</Alert>}
      {stat.data && (
        <RecordForm kind="baggageStats" record={stat.data} onSaved={() => void navigate(LIST)} cancel={<Cancel />} />
      )}
    </>
  );
}
