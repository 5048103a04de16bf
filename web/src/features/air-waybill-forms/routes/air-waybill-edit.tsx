import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { RecordForm } from '@/components/form/record-form';
import { useCan } from '@/lib/auth/permissions';
import { type AirWaybillRecord, shipmentPath, useAirWaybill, useUpdateAirWaybill } from '../api/air-waybills';
import { editFormSchema, isWaybillField, serverFieldOf, updateBody, waybillFormValues } from '../api/forms';
import { WaybillFields } from '../components/waybill-fields';

function EditForm({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateAirWaybill(waybill.mawb);
  const withSsrPicker = useCan('air_waybills:read');
  return (
    <RecordForm
      title={t('airWaybillForms.editTitle', { mawb: waybill.mawb })}
      backPath={shipmentPath(waybill.mawb)}
      schema={editFormSchema}
      defaultValues={waybillFormValues(waybill)}
      fieldNames={isWaybillField}
      serverFieldOf={serverFieldOf}
      fields={(control, form) => (
        <WaybillFields
          control={control}
          form={form}
          mode="edit"
          canReadStock={false}
          chooseForwarder={false}
          withSsrPicker={withSsrPicker}
        />
      )}
      save={(values) => update.mutateAsync(updateBody(values, waybill.row_version))}
      saving={update.isPending}
      submitLabel={t('common.save')}
      savedMessage={t('airWaybillForms.saved')}
      onSaved={() => void navigate(shipmentPath(waybill.mawb))}
      errorTexts={{}}
      requireChange
    />
  );
}

/** `/shipments/:mawb/edit-awb`: the waybill form in edit mode, sent as PATCH {air_waybill, dimensions}. */
export function AirWaybillEditRoute() {
  const { t } = useTranslation();
  const mawb = useParams().mawb ?? '';
  const waybill = useAirWaybill(mawb);
  return (
    <RecordLoader query={waybill} notFound={t('validation.shipmentNotFound')}>
      {(record) => <EditForm key={`${record.id}-${record.row_version}`} waybill={record} />}
    </RecordLoader>
  );
}
