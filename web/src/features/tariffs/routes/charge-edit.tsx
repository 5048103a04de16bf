import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { RecordForm } from '@/components/form/record-form';
import { chargeBody, chargeFormSchema, chargeFormValues, serverFieldOf } from '../api/forms';
import { CHARGES_PATH, type Charge, useCharge, useUpdateCharge } from '../api/tariffs';
import { CHARGE_FIELD_NAMES, ChargeFields } from '../components/charge-fields';

function EditForm({ charge }: { charge: Charge }) {
  const { t } = useTranslation();
  const update = useUpdateCharge(charge.id);
  return (
    <RecordForm
      title={`${t('routes.externalChargesEdit')} ${charge.charge_code}`}
      backPath={CHARGES_PATH}
      schema={chargeFormSchema}
      defaultValues={chargeFormValues(charge)}
      fieldNames={CHARGE_FIELD_NAMES}
      serverFieldOf={serverFieldOf}
      fields={(control) => <ChargeFields control={control} chooseAirline={false} />}
      save={(values) => {
        const { airline_id: _, ...changes } = chargeBody(values);
        return update.mutateAsync(changes);
      }}
      saving={update.isPending}
      submitLabel={t('common.save')}
      savedMessage={t('tariffs.saved.charges')}
      onSaved={() => undefined}
      errorTexts={{ Exists: t('tariffs.errors.chargeExists'), NotFound: t('validation.chargeNotFound') }}
      requireChange
    />
  );
}

export function ChargeEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const charge = useCharge(id);
  return (
    <RecordLoader query={charge} notFound={t('validation.chargeNotFound')}>
      {(record) => <EditForm key={`${record.id}-${record.updated_at}`} charge={record} />}
    </RecordLoader>
  );
}
