import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordForm } from '@/components/form/record-form';
import { useProfile } from '@/lib/auth/profile';
import { chargeBody, chargeFormSchema, emptyChargeForm, serverFieldOf } from '../api/forms';
import { CHARGES_PATH, useCreateCharge } from '../api/tariffs';
import { CHARGE_FIELD_NAMES, ChargeFields } from '../components/charge-fields';

export function ChargeCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateCharge();
  const chooseAirline = profile?.company_business_type === 'platform';
  return (
    <RecordForm
      title={t('routes.externalChargesCreate')}
      backPath={CHARGES_PATH}
      schema={chargeFormSchema}
      defaultValues={emptyChargeForm()}
      fieldNames={CHARGE_FIELD_NAMES}
      serverFieldOf={serverFieldOf}
      fields={(control) => <ChargeFields control={control} chooseAirline={chooseAirline} />}
      save={(values) => create.mutateAsync(chargeBody(values))}
      saving={create.isPending}
      submitLabel={t('common.create')}
      savedMessage={t('tariffs.created.charges')}
      onSaved={() => void navigate(CHARGES_PATH)}
      errorTexts={{ Exists: t('tariffs.errors.chargeExists') }}
    />
  );
}
