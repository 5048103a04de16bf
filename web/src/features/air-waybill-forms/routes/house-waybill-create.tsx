import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RecordForm } from '@/components/form/record-form';
import { useCan } from '@/lib/auth/permissions';
import { shipmentPath } from '../api/air-waybills';
import { emptyHouseForm, houseCreateSchema, houseServerFieldOf, isHouseField } from '../api/house-forms';
import { useCreateHouseWaybill } from '../api/house-waybills';
import { HouseFields } from '../components/house-fields';
import { HouseTotals } from '../components/house-totals';

/** `/air-waybills/:mawb/house-waybills/create`: a house under the master; the server checks the totals. */
export function HouseWaybillCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mawb = useParams().mawb ?? '';
  const create = useCreateHouseWaybill(mawb);
  const withSsrPicker = useCan('air_waybills:read');
  return (
    <RecordForm
      title={t('airWaybillForms.house.createTitle', { mawb })}
      backPath={shipmentPath(mawb)}
      schema={houseCreateSchema}
      defaultValues={emptyHouseForm()}
      fieldNames={isHouseField}
      serverFieldOf={houseServerFieldOf}
      fields={(control) => (
        <>
          <HouseTotals mawb={mawb} />
          <HouseFields control={control} withSsrPicker={withSsrPicker} />
        </>
      )}
      save={(values) => create.mutateAsync(values)}
      saving={create.isPending}
      submitLabel={t('common.create')}
      savedMessage={t('airWaybillForms.house.created')}
      onSaved={() => void navigate(shipmentPath(mawb))}
      errorTexts={{}}
    />
  );
}
