import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { RecordLoader } from '@/components/feedback/record-loader';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import {
  BOOKINGS_PATH,
  type Booking,
  type BookingDetail,
  useBooking,
  useBookingWaybill,
  useCancelBooking,
} from '../api/bookings';
import { AnswerActions, useAnswersBookings } from '../components/answer-actions';
import { ChangeDialog } from '../components/change-dialog';
import { routeText, SegmentsText, StatusBadge, volumeText, weightText } from '../components/format';
import { BookingWarnings } from '../components/warnings';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const yesNo = (value: boolean, t: TFunction) => (value ? t('bookings.yes') : t('bookings.no'));

function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return yesNo(value, t);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.join(' ') || '—';
  }
  return JSON.stringify(value);
}

function BookingFields({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="booking-fields">
      <Field label={t('bookings.fields.forwarder')}>
        {booking.forwarder.short_name} · {booking.forwarder.name}
      </Field>
      <Field label={t('bookings.fields.carrier')}>{booking.carrier}</Field>
      <Field label={t('bookings.fields.mawb')}>{booking.mawb ?? t('bookings.noMawb')}</Field>
      <Field label={t('bookings.fields.parts_code')}>{booking.parts_code ?? '—'}</Field>
      <Field label={t('bookings.fields.route')}>{routeText(booking)}</Field>
      <Field label={t('bookings.fields.pieces')}>{booking.pieces}</Field>
      <Field label={t('bookings.fields.weight')}>
        {weightText(booking.weight, t)} ({booking.weight_code})
      </Field>
      <Field label={t('bookings.fields.volume')}>
        {volumeText(booking.volume, t)} ({booking.volume_code})
      </Field>
      <Field label={t('bookings.fields.density_group')}>{booking.density_group ?? '—'}</Field>
      <Field label={t('bookings.fields.commodity')}>{booking.commodity ?? '—'}</Field>
      <Field label={t('bookings.fields.shcs')}>{booking.shcs.join(' ') || '—'}</Field>
      <Field label={t('bookings.fields.dimensions')}>
        {booking.dimensions.length === 0
          ? '—'
          : booking.dimensions.map((d) => (
              <div key={`${d.pieces}-${d.length}-${d.width}-${d.height}`}>
                {t('bookings.dimensionLine', { pieces: d.pieces, length: d.length, width: d.width, height: d.height })}
              </div>
            ))}
      </Field>
      <Field label={t('bookings.fields.request_status')}>
        <StatusBadge status={booking.request_status} />
      </Field>
      <Field label={t('bookings.fields.response_status')}>
        <StatusBadge status={booking.response_status} />
      </Field>
      <Field label={t('bookings.fields.response_reason')}>{booking.response_reason ?? '—'}</Field>
      <Field label={t('bookings.fields.source')}>{t(`bookings.sources.${booking.source}`)}</Field>
      <Field label={t('bookings.fields.effective')}>{yesNo(booking.effective, t)}</Field>
      <Field label={t('bookings.fields.active')}>{yesNo(booking.active, t)}</Field>
      <Field label={t('bookings.fields.touched_at')}>
        {booking.touched_at ? <DateTimeText value={booking.touched_at} withZone /> : '—'}
      </Field>
      <Field label={t('bookings.fields.created_at')}>
        <DateTimeText value={booking.created_at} withZone />
      </Field>
      <Field label={t('bookings.fields.updated_at')}>
        <DateTimeText value={booking.updated_at} withZone />
      </Field>
    </SimpleGrid>
  );
}

/** The legs of the booking with the allotment part of each (else free sale). */
function SegmentsTable({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs" data-testid="booking-segments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.segments.flight')}</Table.Th>
          <Table.Th>{t('bookings.fields.route')}</Table.Th>
          <Table.Th>{t('bookings.segments.std')}</Table.Th>
          <Table.Th>{t('bookings.segments.sta')}</Table.Th>
          <Table.Th>{t('bookings.segments.allotment')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {booking.segments.map((segment) => (
          <Table.Tr key={segment.segment_id}>
            <Table.Td>
              <Anchor component={Link} to={`/flights/${segment.segment_id}`} size="sm">
                {segment.number_with_date}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {segment.origin} – {segment.destination}
            </Table.Td>
            <Table.Td>
              <DateTimeText value={segment.std} withZone />
            </Table.Td>
            <Table.Td>
              <DateTimeText value={segment.sta} withZone />
            </Table.Td>
            <Table.Td>
              {segment.allotment_id === null
                ? t('bookings.segments.freeSale')
                : t('bookings.segments.fromAllotment', {
                    id: segment.allotment_id,
                    weight: weightText(segment.allotment_weight, t),
                    volume: volumeText(segment.allotment_volume, t),
                  })}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Earlier versions of the booking (isHistory rows), newest first. */
function HistoryTable({ history }: { history: Booking[] }) {
  const { t } = useTranslation();
  if (history.length === 0) {
    return (
      <Text c="dimmed" ta="center">
        {t('bookings.historyEmpty')}
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="booking-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.fields.version')}</Table.Th>
          <Table.Th>{t('bookings.fields.updated_at')}</Table.Th>
          <Table.Th>{t('bookings.fields.flights')}</Table.Th>
          <Table.Th>{t('bookings.fields.pieces')}</Table.Th>
          <Table.Th>{t('bookings.fields.weight')}</Table.Th>
          <Table.Th>{t('bookings.fields.volume')}</Table.Th>
          <Table.Th>{t('bookings.fields.shcs')}</Table.Th>
          <Table.Th>{t('bookings.fields.response_status')}</Table.Th>
          <Table.Th>{t('bookings.fields.active')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((row) => (
          <Table.Tr key={row.version}>
            <Table.Td>{row.version}</Table.Td>
            <Table.Td>
              <DateTimeText value={row.updated_at} withZone />
            </Table.Td>
            <Table.Td>
              <SegmentsText segments={row.segments} />
            </Table.Td>
            <Table.Td>{row.pieces}</Table.Td>
            <Table.Td>{weightText(row.weight, t)}</Table.Td>
            <Table.Td>{volumeText(row.volume, t)}</Table.Td>
            <Table.Td>{row.shcs.join(' ') || '—'}</Table.Td>
            <Table.Td>
              <StatusBadge status={row.response_status} />
            </Table.Td>
            <Table.Td>{yesNo(row.active, t)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Who changed the booking, when, through which channel, and each field before and after. */
function ChangeLogTable({ entries }: { entries: BookingDetail['change_log'] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center">
        {t('bookings.changeLog.empty')}
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="booking-change-log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.changeLog.when')}</Table.Th>
          <Table.Th>{t('bookings.changeLog.who')}</Table.Th>
          <Table.Th>{t('bookings.changeLog.channel')}</Table.Th>
          <Table.Th>{t('bookings.changeLog.changes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <DateTimeText value={entry.created_at} withZone />
            </Table.Td>
            <Table.Td>
              {entry.user_id === null
                ? t('bookings.changeLog.system')
                : t('bookings.changeLog.user', { id: entry.user_id })}
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{t(`bookings.channels.${entry.channel}`)}</Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {Object.entries(entry.change_set).map(([field, [before, after]]) => (
                  <Text key={field} size="sm">
                    <Text component="span" fw={600} inherit>
                      {t(`bookings.fields.${field}`, { defaultValue: field })}:
                    </Text>{' '}
                    {valueText(before, t)} → {valueText(after, t)}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function BookingPage({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation();
  const canWrite = useCan('bookings:write');
  const canReadWaybills = useCan('air_waybills:read');
  const canMakeWaybill = useCan('air_waybills:write');
  const waybill = useBookingWaybill(booking.mawb, canReadWaybills);
  const answers = useAnswersBookings();
  const cancel = useCancelBooking();
  const [changing, setChanging] = useState(false);
  const [tab, setTab] = useState<string | null>('segments');
  const name = booking.mawb ?? `#${booking.id}`;

  const onCancel = async () => {
    if (!(await confirmAction({ message: t('bookings.cancelQuestion', { name }), danger: true }))) return;
    cancel.mutate(booking.id, {
      onSuccess: () => toast(t('bookings.cancelled')),
      onError: (error) => toast(errorMessage(error, t, { NotFound: t('validation.bookingNotFound') }), 'negative'),
    });
  };

  return (
    <>
      <Card withBorder mb="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2}>{t('bookings.title', { name })}</Title>
              <StatusBadge status={booking.response_status} />
              {!booking.active && <Badge color="gray">{t('bookings.statuses.XX')}</Badge>}
            </Group>
            <Text size="lg">{routeText(booking)}</Text>
            <SegmentsText segments={booking.segments} />
          </Stack>
          <Group gap="xs">
            {answers && booking.active && booking.response_status === 'NN' && (
              <AnswerActions booking={booking} size="sm" />
            )}
            {canWrite && booking.active && (
              <>
                <Button variant="light" onClick={() => setChanging(true)}>
                  {t('bookings.change')}
                </Button>
                <Button color="red" variant="light" loading={cancel.isPending} onClick={() => void onCancel()}>
                  {t('bookings.cancel')}
                </Button>
              </>
            )}
            {waybill && (
              <Button component={Link} to={`/shipments/${waybill.mawb}`} variant="light">
                {t('airWaybillForms.bookingAction.open', { mawb: waybill.mawb })}
              </Button>
            )}
            {waybill === null && canMakeWaybill && booking.active && (
              <Button component={Link} to={`/bookings/${booking.id}/air-waybill`} variant="light">
                {t('airWaybillForms.bookingAction.create')}
              </Button>
            )}
            <Button component={Link} to={BOOKINGS_PATH} variant="default">
              {t('bookings.backToList')}
            </Button>
          </Group>
        </Group>
      </Card>
      <Stack>
        <BookingWarnings warnings={booking.warnings} />
        <BookingFields booking={booking} />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="segments">{t('bookings.detailTabs.segments')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('bookings.detailTabs.history', { count: booking.history.length })}</Tabs.Tab>
            <Tabs.Tab value="change_log">{t('bookings.detailTabs.change_log')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="segments">
            <SegmentsTable booking={booking} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryTable history={booking.history} />
          </Tabs.Panel>
          <Tabs.Panel value="change_log">
            <ChangeLogTable entries={booking.change_log} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {changing && <ChangeDialog booking={booking} onClose={() => setChanging(false)} />}
    </>
  );
}

/** `/bookings/:id`: the booking, its warnings, segments, history and change log; change, cancel, confirm or refuse. */
export function BookingRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const booking = useBooking(id);
  return (
    <RecordLoader query={booking} notFound={t('validation.bookingNotFound')}>
      {(record) => <BookingPage key={record.id} booking={record} />}
    </RecordLoader>
  );
}
