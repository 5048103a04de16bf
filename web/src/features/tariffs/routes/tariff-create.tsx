import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordForm } from '@/components/form/record-form';
import { useProfile } from '@/lib/auth/profile';
import { emptyTariffForm, serverFieldOf, tariffBody, tariffFormSchema } from '../api/forms';
import { TARIFFS_PATH, useCreateTariff } from '../api/tariffs';
import { TARIFF_FIELD_NAMES, TariffFields } from '../components/tariff-fields';

export function TariffCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateTariff();
  const chooseAirline = profile?.company_business_type === 'platform';
  return (
    <RecordForm
      title={t('routes.externalTariffsCreate')}
      backPath={TARIFFS_PATH}
      schema={tariffFormSchema}
      defaultValues={emptyTariffForm()}
      fieldNames={TARIFF_FIELD_NAMES}
      serverFieldOf={serverFieldOf}
      fields={(control) => <TariffFields control={control} chooseAirline={chooseAirline} />}
      save={(values) => create.mutateAsync(tariffBody(values))}
      saving={create.isPending}
      submitLabel={t('common.create')}
      savedMessage={t('tariffs.created.tariffs')}
      onSaved={() => void navigate(TARIFFS_PATH)}
      errorTexts={{ Exists: t('validation.tariffExists') }}
    />
  );
}
