import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { RecordForm } from '@/components/form/record-form';
import { useCan } from '@/lib/auth/permissions';
import { shipmentPath } from '../api/air-waybills';
import { houseFormValues, houseServerFieldOf, houseUpdateSchema, isHouseField } from '../api/house-forms';
import { type HouseWaybill, useHouseWaybill, useUpdateHouseWaybill } from '../api/house-waybills';
import { HouseFields } from '../components/house-fields';
import { HouseTotals } from '../components/house-totals';

function EditForm({ mawb, house }: { mawb: string; house: HouseWaybill }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateHouseWaybill(mawb, house.id);
  const withSsrPicker = useCan('air_waybills:read');
  return (
    <RecordForm
      title={t('airWaybillForms.house.editTitle', { mawb, serial: house.serial_number })}
      backPath={shipmentPath(mawb)}
      schema={houseUpdateSchema}
      defaultValues={houseFormValues(house)}
      fieldNames={isHouseField}
      serverFieldOf={houseServerFieldOf}
      fields={(control) => (
        <>
          <HouseTotals mawb={mawb} />
          <HouseFields control={control} withSsrPicker={withSsrPicker} />
        </>
      )}
      save={(values) => update.mutateAsync(values)}
      saving={update.isPending}
      submitLabel={t('common.save')}
      savedMessage={t('airWaybillForms.house.saved')}
      onSaved={() => void navigate(shipmentPath(mawb))}
      errorTexts={{}}
      requireChange
    />
  );
}

/** `/air-waybills/:mawb/house-waybills/:id/edit`: a house of the master, changed and checked against its totals. */
export function HouseWaybillEditRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const mawb = params.mawb ?? '';
  const house = useHouseWaybill(mawb, Number(params.id));
  return (
    <RecordLoader query={house} notFound={t('validation.houseWaybillNotFound')}>
      {(record) => <EditForm key={`${record.id}-${record.updated_at}`} mawb={mawb} house={record} />}
    </RecordLoader>
  );
}
