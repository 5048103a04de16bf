import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { Alert, Button, Code, CopyButton, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { shipmentPath, useMessageText, useWaybillBookings } from '../api/air-waybills';
import { RatesPanel } from '../components/panels';
import { BookingsTable } from '../components/sections';
import { SendTelegramAction } from '../components/waybill-telegrams';
import { useMawbParam, WaybillHeading, WaybillLoader } from './shipment';

/** The generated Cargo-IMP text in a monospace block with a copy button. */
function MessageText({ waybill, kind }: { waybill: AirWaybillRecord; kind: 'fwb' | 'fhl' }) {
  const { t } = useTranslation();
  const mawb = useMawbParam();
  const text = useMessageText(mawb, kind);
  if (text.isPending) return <PageLoader />;
  if (text.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(text.error, t)}
      </Alert>
    );
  }
  const body = String(text.data);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>{t(`airWaybills.messages.${kind}`)}</Title>
        <Group gap="xs">
          <SendTelegramAction waybill={waybill} kind={kind} />
          <CopyButton value={body}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('airWaybills.messages.copied') : t('airWaybills.messages.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      <Code block data-testid="message-text" style={{ whiteSpace: 'pre', fontFamily: 'monospace' }}>
        {body}
      </Code>
    </Stack>
  );
}

/** `/shipments/:mawb/fwb`: the FWB text of the waybill. */
export function ShipmentFwbRoute() {
  return (
    <WaybillLoader>
      {(waybill) => (
        <>
          <WaybillHeading waybill={waybill} />
          <MessageText waybill={waybill} kind="fwb" />
        </>
      )}
    </WaybillLoader>
  );
}

/** `/shipments/:mawb/fhl`: the FHL text of the waybill's houses. */
export function ShipmentFhlRoute() {
  return (
    <WaybillLoader>
      {(waybill) => (
        <>
          <WaybillHeading waybill={waybill} />
          <MessageText waybill={waybill} kind="fhl" />
        </>
      )}
    </WaybillLoader>
  );
}

/** `/shipments/:mawb/billing`: rate lines (calculate where allowed) and the prepaid and collect totals. */
export function ShipmentBillingRoute() {
  const { t } = useTranslation();
  return (
    <WaybillLoader>
      {(waybill) => (
        <>
          <WaybillHeading waybill={waybill} />
          <Title order={4} mb="sm">
            {t('airWaybills.sections.billing')}
          </Title>
          <RatesPanel waybill={waybill} />
        </>
      )}
    </WaybillLoader>
  );
}

function LinkedBookings({ mawb }: { mawb: string }) {
  const { t } = useTranslation();
  const bookings = useWaybillBookings(mawb);
  if (bookings.isPending) return <PageLoader />;
  if (bookings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(bookings.error, t)}
      </Alert>
    );
  }
  return <BookingsTable bookings={bookings.data} />;
}

/** `/shipments/:mawb/edit-booking`: the bookings holding the number, each opened at /bookings/:id to change it. */
export function ShipmentEditBookingRoute() {
  const { t } = useTranslation();
  const canBook = useCan('bookings:write');
  return (
    <WaybillLoader>
      {(waybill) => (
        <>
          <WaybillHeading waybill={waybill} />
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('airWaybills.sections.bookings')}</Title>
            {canBook && waybill.booking_id !== null && (
              <Button size="xs" component={Link} to={`/bookings/${waybill.booking_id}`}>
                {t('airWaybills.actions.change_booking')}
              </Button>
            )}
          </Group>
          <LinkedBookings mawb={waybill.mawb} />
          <Button mt="md" size="xs" variant="default" component={Link} to={shipmentPath(waybill.mawb)}>
            {t('airWaybills.backToShipment')}
          </Button>
        </>
      )}
    </WaybillLoader>
  );
}
