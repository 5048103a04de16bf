import type { BookingDetail } from '@aircargo/contract/bookings';
import { Card, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { RecordForm } from '@/components/form/record-form';
import { useCan } from '@/lib/auth/permissions';
import {
  type AirWaybillRecord,
  bookingPath,
  shipmentPath,
  useBookingForWaybill,
  useCreateFromBooking,
} from '../api/air-waybills';
import { emptyWaybillForm, fromBookingFormSchema, isWaybillField, serverFieldOf } from '../api/forms';
import { GoodsFields } from '../components/cargo-section';
import { NumberSection } from '../components/number-section';
import { PartiesSection } from '../components/parties-section';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** What the waybill takes from the booking: number, route and flights, cargo. */
function BookingSummary({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const route = [booking.segments[0]?.origin ?? booking.origin, ...booking.segments.map((s) => s.destination)];
  return (
    <Card withBorder data-testid="booking-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('airWaybillForms.number.mawb')}>
          {booking.mawb ?? t('airWaybillForms.fromBooking.noNumber')}
        </Figure>
        <Figure label={t('airWaybillForms.route.carrier')}>{booking.carrier}</Figure>
        <Figure label={t('airWaybillForms.sections.route')}>{route.join(' – ')}</Figure>
        <Figure label={t('airWaybillForms.sections.flights')}>
          {booking.segments.map((s) => s.number_with_date).join(', ')}
        </Figure>
        <Figure label={t('airWaybillForms.cargo.pieces')}>{booking.pieces}</Figure>
        <Figure label={t('airWaybillForms.cargo.weight')}>{booking.weight}</Figure>
        <Figure label={t('airWaybillForms.cargo.volume')}>{booking.volume}</Figure>
        <Figure label={t('airWaybillForms.cargo.commodity')}>{booking.commodity ?? '—'}</Figure>
        <Figure label={t('airWaybillForms.cargo.shcs')}>{booking.shcs.join(' ') || '—'}</Figure>
      </SimpleGrid>
    </Card>
  );
}

function FromBookingForm({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateFromBooking(booking.id);
  const canReadStock = useCan('stocks:read');
  const withSsrPicker = useCan('air_waybills:read');
  const hasNumber = booking.mawb !== null;
  const schema = useMemo(() => fromBookingFormSchema(hasNumber), [hasNumber]);
  return (
    <RecordForm
      title={t('airWaybillForms.fromBooking.title', { id: booking.id })}
      backPath={bookingPath(booking.id)}
      schema={schema}
      defaultValues={emptyWaybillForm()}
      fieldNames={isWaybillField}
      serverFieldOf={serverFieldOf}
      fields={(control, form) => (
        <Stack gap="md">
          <BookingSummary booking={booking} />
          {!hasNumber && (
            <NumberSection
              control={control}
              form={form}
              canReadStock={canReadStock}
              chooseForwarder={false}
              withPostal={false}
            />
          )}
          <Fieldset legend={t('airWaybillForms.sections.cargo')}>
            <Stack gap="sm">
              <GoodsFields control={control} />
            </Stack>
          </Fieldset>
          <PartiesSection control={control} withSsrPicker={withSsrPicker} />
        </Stack>
      )}
      save={(values) => create.mutateAsync(values)}
      saving={create.isPending}
      submitLabel={t('airWaybillForms.fromBooking.submit')}
      savedMessage={t('airWaybillForms.created')}
      onSaved={(saved) => void navigate(shipmentPath((saved as AirWaybillRecord).mawb))}
      errorTexts={{}}
    />
  );
}

/**
 * `/bookings/:id/air-waybill`: a forwarder makes the waybill of its booking (route, legs and cargo come from the
 * booking; POST /bookings/:id/air_waybill), then goes to the shipment page.
 */
export function BookingAirWaybillRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const booking = useBookingForWaybill(id);
  return (
    <RecordLoader query={booking} notFound={t('validation.bookingNotFound')}>
      {(record) => <FromBookingForm key={record.id} booking={record} />}
    </RecordLoader>
  );
}
