import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { type AwbBooking, type RateLine, useWaybillBookings } from '../api/air-waybills';
import { FlagBadges, money, num, VoidPaymentText, volumeText, weightText } from './format';

export function Field({ label, children }: { label: string; children: ReactNode }) {
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

export function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" p="sm">
      {text}
    </Text>
  );
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

const yesNo = (value: boolean, t: TFunction) => (value ? t('airWaybills.yes') : t('airWaybills.no'));

function DateValue({ value, time = true }: { value: string | null; time?: boolean }) {
  if (!value) return <>—</>;
  if (!time) return <>{value.split('-').reverse().join('.')}</>;
  return <DateTimeText value={value} withZone />;
}

/** Flags, dates, cargo figures, chargeable weight and the notices. */
export function SummarySection({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const calc = waybill.chargeable_calc;
  return (
    <Stack>
      <FlagBadges flags={waybill} />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="waybill-summary">
        <Field label={t('airWaybills.fields.airline')}>
          {waybill.airline.short_name} · {waybill.carrier} ({waybill.prefix})
        </Field>
        <Field label={t('airWaybills.fields.forwarder')}>
          {waybill.forwarder.short_name} · {waybill.forwarder.name}
        </Field>
        <Field label={t('airWaybills.columns.route')}>
          {waybill.origin_iata} – {waybill.destination_iata}
        </Field>
        <Field label={t('airWaybills.fields.source')}>{t(`airWaybills.sources.${waybill.source}`)}</Field>
        <Field label={t('airWaybills.fields.pieces')}>{waybill.pieces}</Field>
        <Field label={t('airWaybills.fields.weight')}>{weightText(waybill.weight, t)}</Field>
        <Field label={t('airWaybills.fields.volume')}>{volumeText(waybill.volume, t)}</Field>
        <Field label={t('airWaybills.columns.chargeable_weight')}>
          {waybill.charge_weight === null ? '—' : weightText(waybill.charge_weight, t)}
          {waybill.charge_weight_source
            ? ` (${t(`airWaybills.chargeSources.${waybill.charge_weight_source}`, { defaultValue: waybill.charge_weight_source })})`
            : ''}
        </Field>
        <Field label={t('airWaybills.columns.product')}>{dash(waybill.product_type)}</Field>
        <Field label={t('airWaybills.columns.commodity')}>{dash(waybill.commodity)}</Field>
        <Field label={t('airWaybills.columns.shc')}>{waybill.shcs.join(' ') || '—'}</Field>
        <Field label={t('airWaybills.fields.postal')}>
          {waybill.postal ? `${t('airWaybills.yes')} · ${dash(waybill.mrn)}` : t('airWaybills.no')}
        </Field>
        <Field label={t('airWaybills.columns.payment')}>{t(`airWaybills.payments.${waybill.payment}`)}</Field>
        <Field label={t('airWaybills.fields.booking_status')}>{dash(waybill.su_booking_status)}</Field>
        <Field label={t('airWaybills.fields.created_at')}>
          <DateValue value={waybill.created_at} />
        </Field>
        <Field label={t('airWaybills.fields.issued_at')}>
          <DateValue value={waybill.issued_at} />
        </Field>
        <Field label={t('airWaybills.fields.departed_at')}>
          <DateValue value={waybill.departed_at} />
        </Field>
        <Field label={t('airWaybills.fields.delivered_at')}>
          <DateValue value={waybill.delivered_at} />
        </Field>
        <Field label={t('airWaybills.fields.verified_at')}>
          <DateValue value={waybill.verified_at} />
        </Field>
        <Field label={t('airWaybills.fields.flight_date')}>
          <DateValue value={waybill.flight_date} time={false} />
        </Field>
        <Field label={t('airWaybills.fields.billing_date')}>
          <DateValue value={waybill.billing_date} time={false} />
        </Field>
        <Field label={t('airWaybills.fields.service_start_date')}>
          <DateValue value={waybill.service_start_date} time={false} />
        </Field>
        {waybill.voided && (
          <>
            <Field label={t('airWaybills.fields.voided_at')}>
              <DateValue value={waybill.voided_at} />
            </Field>
            <Field label={t('airWaybills.fields.void_reason')}>{dash(waybill.void_reason)}</Field>
            <Field label={t('airWaybills.fields.void_payment')}>
              <VoidPaymentText voided voidPayment={waybill.void_payment} />
            </Field>
          </>
        )}
        {waybill.void_cancel_reason && (
          <Field label={t('airWaybills.fields.void_cancel_reason')}>{waybill.void_cancel_reason}</Field>
        )}
      </SimpleGrid>
      {calc && (
        <Text size="sm" data-testid="chargeable-calc">
          {t('airWaybills.chargeableCalc', {
            gross: num(calc.gross_weight),
            volume: num(calc.volume_weight),
            min: num(calc.min_chargeable),
            chargeable: weightText(calc.chargeable_weight, t),
          })}
        </Text>
      )}
      {(waybill.special_service_request || waybill.other_service_request) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label={t('airWaybills.fields.special_service_request')}>{dash(waybill.special_service_request)}</Field>
          <Field label={t('airWaybills.fields.other_service_request')}>{dash(waybill.other_service_request)}</Field>
        </SimpleGrid>
      )}
      {waybill.notices.length > 0 && (
        <Stack gap={4}>
          <Title order={5}>{t('airWaybills.sections.notices')}</Title>
          {waybill.notices.map((notice) => (
            <Group key={notice.id} gap="xs">
              <Badge variant="light">{notice.kind}</Badge>
              <Text size="sm">{notice.text}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PartyCard({ title, party }: { title: string; party: AirWaybillRecord['shipper'] | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={5}>{title}</Title>
      {!party ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <>
          <Text size="sm" fw={500}>
            {dash(party.name)}
          </Text>
          <Text size="sm">
            {[party.address, party.city, party.state, party.post_code, party.country_code].filter(Boolean).join(', ') ||
              '—'}
          </Text>
          <Text size="sm">
            {t('airWaybills.fields.contacts')}: {dash(party.contacts)}
          </Text>
          <Text size="sm">
            {t('airWaybills.fields.tax_id')}: {dash(party.tax_id)}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Shipper, consignee, notify and the forwarder with its account. */
export function PartiesSection({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const f = waybill.forwarder;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="waybill-parties">
      <PartyCard title={t('airWaybills.fields.shipper')} party={waybill.shipper} />
      <PartyCard title={t('airWaybills.fields.consignee')} party={waybill.consignee} />
      <PartyCard title={t('airWaybills.fields.notify')} party={waybill.notify} />
      <Stack gap={4}>
        <Title order={5}>{t('airWaybills.fields.forwarder')}</Title>
        <Text size="sm" fw={500}>
          {f.name} ({f.short_name})
        </Text>
        {f.local_name && <Text size="sm">{f.local_name}</Text>}
        <Text size="sm">{[f.address, f.city, f.post_code, f.country].filter(Boolean).join(', ') || '—'}</Text>
        <Text size="sm">
          {t('airWaybills.fields.forwarder_account')}: {dash(waybill.forwarder_account)}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

/** Goods items, dimensions, SHC and HS codes. */
export function CargoSection({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Field label={t('airWaybills.columns.amounts')}>
          {waybill.pieces} / {weightText(waybill.weight, t)} / {volumeText(waybill.volume, t)}
        </Field>
        <Field label={t('airWaybills.columns.shc')}>{waybill.shcs.join(' ') || '—'}</Field>
        <Field label={t('airWaybills.fields.hs_codes')}>{waybill.hs_codes.join(' ') || '—'}</Field>
        <Field label={t('airWaybills.columns.commodity')}>{dash(waybill.commodity)}</Field>
      </SimpleGrid>
      <Title order={5}>{t('airWaybills.sections.goods_items')}</Title>
      {waybill.goods_items.length === 0 ? (
        <Empty text={t('airWaybills.empty.goodsItems')} />
      ) : (
        <Table striped verticalSpacing="xs" data-testid="goods-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.fields.description')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.hs_code')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.marks')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.packing')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.pieces')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.weight')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waybill.goods_items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{dash(item.description)}</Table.Td>
                <Table.Td>{dash(item.hs_code)}</Table.Td>
                <Table.Td>{dash(item.marks)}</Table.Td>
                <Table.Td>{dash(item.packing)}</Table.Td>
                <Table.Td>{dash(item.pieces)}</Table.Td>
                <Table.Td>{item.weight === null ? '—' : weightText(item.weight, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={5}>{t('airWaybills.sections.dimensions')}</Title>
      {waybill.dimensions.length === 0 ? (
        <Empty text={t('airWaybills.empty.dimensions')} />
      ) : (
        <Table striped verticalSpacing="xs" data-testid="dimensions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.fields.pieces')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.dimensions')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.weight')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waybill.dimensions.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.pieces}</Table.Td>
                <Table.Td>
                  {d.length} × {d.width} × {d.height} {t('airWaybills.units.cm')}
                </Table.Td>
                <Table.Td>{d.weight === null ? '—' : weightText(d.weight, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The bookings carrying the waybill's number: answer, whether the first leg has left, and the flights. */
export function BookingsTable({ bookings }: { bookings: AwbBooking[] }) {
  const { t } = useTranslation();
  if (bookings.length === 0) return <Empty text={t('airWaybills.empty.bookings')} />;
  return (
    <Table striped verticalSpacing="xs" data-testid="waybill-bookings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('airWaybills.fields.booking')}</Table.Th>
          <Table.Th>{t('airWaybills.fields.flights')}</Table.Th>
          <Table.Th>{t('airWaybills.columns.amounts')}</Table.Th>
          <Table.Th>{t('airWaybills.fields.booking_status')}</Table.Th>
          <Table.Th>{t('airWaybills.fields.effective')}</Table.Th>
          <Table.Th>{t('airWaybills.flags.departed')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bookings.map((booking) => (
          <Table.Tr key={booking.id}>
            <Table.Td>
              <Anchor component={Link} to={`/bookings/${booking.id}`} size="sm">
                #{booking.id}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {booking.segment_data.map((s) => (
                  <Group key={s.segment_id} gap={6} wrap="nowrap">
                    <Anchor component={Link} to={`/flights/${s.segment_id}`} size="sm">
                      {s.carrier}
                      {s.flight_number}
                    </Anchor>
                    <Text size="xs">
                      {s.origin} – {s.destination}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <DateTimeText value={s.std} />
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              {booking.pieces} / {weightText(booking.weight, t)} / {volumeText(booking.volume, t)}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={booking.active ? undefined : 'gray'}>
                {booking.response_status}
              </Badge>
            </Table.Td>
            <Table.Td>{yesNo(booking.effective, t)}</Table.Td>
            <Table.Td>{yesNo(booking.is_departed, t)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The legs of the route and the bookings holding the number. */
export function RouteSection({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const bookings = useWaybillBookings(waybill.mawb);
  return (
    <Stack>
      <Title order={5}>{t('airWaybills.sections.legs')}</Title>
      {waybill.route_data.length === 0 ? (
        <Empty text={t('airWaybills.empty.legs')} />
      ) : (
        <Table striped verticalSpacing="xs" data-testid="waybill-legs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.columns.route')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.carrier')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.flight')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.flight_date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waybill.route_data.map((leg) => (
              <Table.Tr key={`${leg.origin}-${leg.destination}-${leg.flight ?? ''}`}>
                <Table.Td>
                  {leg.origin} – {leg.destination}
                </Table.Td>
                <Table.Td>{leg.carrier}</Table.Td>
                <Table.Td>
                  {leg.segment_id ? (
                    <Anchor component={Link} to={`/flights/${leg.segment_id}`} size="sm">
                      {dash(leg.flight)}
                    </Anchor>
                  ) : (
                    dash(leg.flight)
                  )}
                </Table.Td>
                <Table.Td>
                  <DateValue value={leg.date} time={false} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={5}>{t('airWaybills.sections.bookings')}</Title>
      {bookings.data && <BookingsTable bookings={bookings.data} />}
    </Stack>
  );
}

/** Rate lines with the prepaid and collect totals. */
export function RateLinesTable({ lines, onDelete }: { lines: RateLine[]; onDelete?: (line: RateLine) => void }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <Empty text={t('airWaybills.empty.rates')} />;
  return (
    <Table striped verticalSpacing="xs" data-testid="rate-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('airWaybills.rates.code')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.rate_class_code')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.description')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.base_value')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.rate')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.amount')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.vat')}</Table.Th>
          <Table.Th>{t('airWaybills.rates.calculation_type')}</Table.Th>
          {onDelete && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{line.code}</Table.Td>
            <Table.Td>{dash(line.rate_class_code)}</Table.Td>
            <Table.Td>{dash(line.description)}</Table.Td>
            <Table.Td>
              {dash(line.base_value)} {line.basis ?? line.unit_code ?? ''}
            </Table.Td>
            <Table.Td>{dash(line.rate)}</Table.Td>
            <Table.Td>{money(Number(line.amount), line.currency)}</Table.Td>
            <Table.Td>
              {line.vat === null ? '—' : money(Number(line.vat), line.currency)}
              {line.vat_percent ? ` (${line.vat_percent}%)` : ''}
            </Table.Td>
            <Table.Td>{t(`airWaybills.rates.types.${line.calculation_type}`)}</Table.Td>
            {onDelete && (
              <Table.Td>
                <Anchor component="button" type="button" size="sm" c="red" onClick={() => onDelete(line)}>
                  {t('common.delete')}
                </Anchor>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Prepaid and collect totals of the waybill. */
export function Totals({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const toNumber = (value: string | null) => (value === null ? null : Number(value));
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="waybill-totals">
      <Field label={t('airWaybills.columns.payment')}>{t(`airWaybills.payments.${waybill.payment}`)}</Field>
      <Field label={t('airWaybills.fields.prepaid_total')}>
        {money(toNumber(waybill.prepaid_total), waybill.currency)}
      </Field>
      <Field label={t('airWaybills.fields.collect_total')}>
        {money(toNumber(waybill.collect_total), waybill.currency)}
      </Field>
      <Field label={t('airWaybills.fields.as_agreed_rates')}>{yesNo(waybill.as_agreed_rates, t)}</Field>
    </SimpleGrid>
  );
}
