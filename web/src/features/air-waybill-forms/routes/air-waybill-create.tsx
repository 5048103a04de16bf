import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordForm } from '@/components/form/record-form';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { type AirWaybillRecord, SHIPMENTS_PATH, shipmentPath, useCreateAirWaybill } from '../api/air-waybills';
import { createFormSchema, emptyWaybillForm, isWaybillField, serverFieldOf } from '../api/forms';
import { WaybillFields } from '../components/waybill-fields';

/**
 * `/air-waybills/create` (airline su, seed 000): number (typed and checked, or the next free one of a prefix's stock),
 * cargo, route, parties and flights, with the postal variant; on success the shipment page.
 */
export function AirWaybillCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateAirWaybill();
  const canReadStock = useCan('stocks:read');
  const withSsrPicker = useCan('air_waybills:read');
  const chooseForwarder = profile !== undefined && profile.company_business_type !== 'forwarder';
  return (
    <RecordForm
      title={t('routes.airWaybillCreate')}
      backPath={SHIPMENTS_PATH}
      schema={createFormSchema}
      defaultValues={emptyWaybillForm()}
      fieldNames={isWaybillField}
      serverFieldOf={serverFieldOf}
      fields={(control, form) => (
        <WaybillFields
          control={control}
          form={form}
          mode="create"
          canReadStock={canReadStock}
          chooseForwarder={chooseForwarder}
          withSsrPicker={withSsrPicker}
        />
      )}
      save={(values) => create.mutateAsync(values)}
      saving={create.isPending}
      submitLabel={t('common.create')}
      savedMessage={t('airWaybillForms.created')}
      onSaved={(saved) => void navigate(shipmentPath((saved as AirWaybillRecord).mawb))}
      errorTexts={{}}
    />
  );
}
