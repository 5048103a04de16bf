import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { RecordForm } from '@/components/form/record-form';
import { serverFieldOf, tariffBody, tariffFormSchema, tariffFormValues } from '../api/forms';
import { TARIFFS_PATH, type Tariff, useTariff, useUpdateTariff } from '../api/tariffs';
import { TARIFF_FIELD_NAMES, TariffFields } from '../components/tariff-fields';

function EditForm({ tariff }: { tariff: Tariff }) {
  const { t } = useTranslation();
  const update = useUpdateTariff(tariff.id);
  return (
    <RecordForm
      title={`${t('routes.externalTariffsEdit')} ${tariff.origin.code}–${tariff.destination.code}`}
      backPath={TARIFFS_PATH}
      schema={tariffFormSchema}
      defaultValues={tariffFormValues(tariff)}
      fieldNames={TARIFF_FIELD_NAMES}
      serverFieldOf={serverFieldOf}
      fields={(control) => <TariffFields control={control} chooseAirline={false} />}
      save={(values) => {
        const { airline_id: _, ...changes } = tariffBody(values, tariff);
        return update.mutateAsync(changes);
      }}
      saving={update.isPending}
      submitLabel={t('common.save')}
      savedMessage={t('tariffs.saved.tariffs')}
      onSaved={() => undefined}
      errorTexts={{ Exists: t('validation.tariffExists'), NotFound: t('validation.tariffNotFound') }}
      requireChange
    />
  );
}

export function TariffEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const tariff = useTariff(id);
  return (
    <RecordLoader query={tariff} notFound={t('validation.tariffNotFound')}>
      {(record) => <EditForm key={`${record.id}-${record.updated_at}`} tariff={record} />}
    </RecordLoader>
  );
}
