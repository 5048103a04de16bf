import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { MOVEMENT_STATUS_CODES } from '@aircargo/contract/movements';
import { Alert, Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { translateMessage } from '@/lib/validation/messages';
import {
  type Calculation,
  houseCreatePath,
  houseEditPath,
  movementForm,
  useAddMovement,
  useCalculate,
  useDeactivateMovement,
  useDeleteHouse,
  useDeleteRate,
  useHouses,
  useMovements,
  useWaybillChanges,
} from '../api/air-waybills';
import { useAlerts, useDismissAlert, useVerificationDifference } from '../api/lifecycle';
import { num } from './format';
import { Empty, RateLinesTable, Totals } from './sections';

/** Rate lines with Calculate (by the carrier's tariffs) and delete for those who edit the waybill. */
export function RatesPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write') && !waybill.voided;
  const calculate = useCalculate(waybill.mawb);
  const remove = useDeleteRate(waybill.mawb);
  const [result, setResult] = useState<Calculation | null>(null);

  const onCalculate = () =>
    calculate.mutate(undefined, {
      onSuccess: (answer) => {
        setResult(answer);
        toast(t('airWaybills.done.calculated'));
      },
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });

  const onDelete = async (line: { id: number; code: string }) => {
    if (!(await confirmAction({ message: t('airWaybills.confirm.delete_rate', { code: line.code }), danger: true })))
      return;
    remove.mutate(line.id, {
      onSuccess: () => toast(t('airWaybills.done.rate_deleted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };

  return (
    <Stack data-testid="rates-panel">
      {canWrite && (
        <Group>
          <Button size="xs" loading={calculate.isPending} onClick={onCalculate}>
            {t('airWaybills.actions.calculate')}
          </Button>
        </Group>
      )}
      {result && !result.tariff_found && (
        <Alert color="yellow" role="status">
          {t('airWaybills.noTariff')}
        </Alert>
      )}
      {result?.warnings.map((warning) => (
        <Alert key={warning.message} color="yellow">
          {translateMessage(warning.message_key, t)}
        </Alert>
      ))}
      <RateLinesTable lines={waybill.rate_lines} onDelete={canWrite ? (line) => void onDelete(line) : undefined} />
      <Totals waybill={waybill} />
    </Stack>
  );
}

/** The master's house waybills with their totals beside the master's; create, edit and delete for the forwarder. */
export function HousesPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const canWrite = useCan('house_waybills:write') && !waybill.voided;
  const houses = useHouses(waybill.mawb);
  const remove = useDeleteHouse(waybill.mawb);
  const onDelete = async (id: number, serial: string) => {
    if (!(await confirmAction({ message: t('airWaybills.confirm.delete_house', { serial }), danger: true }))) return;
    remove.mutate(id, {
      onSuccess: () => toast(t('airWaybills.done.house_deleted')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  const rows = houses.data?.data ?? [];
  const totals = houses.data?.totals;
  return (
    <Stack>
      <Group justify="space-between">
        {totals ? (
          <Text size="sm" data-testid="house-totals">
            {t('airWaybills.houseTotals', {
              pieces: totals.pieces,
              masterPieces: totals.master_pieces,
              weight: num(totals.weight_kg),
              masterWeight: num(totals.master_weight_kg),
            })}
          </Text>
        ) : (
          <span />
        )}
        {canWrite && (
          <Button size="xs" component={Link} to={houseCreatePath(waybill.mawb)}>
            {t('airWaybills.actions.add_house')}
          </Button>
        )}
      </Group>
      {houses.isError && (
        <Alert color="red" role="alert">
          {errorMessage(houses.error, t)}
        </Alert>
      )}
      {houses.data && rows.length === 0 && <Empty text={t('airWaybills.empty.houses')} />}
      {rows.length > 0 && (
        <Table striped verticalSpacing="xs" data-testid="houses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.houses.serial_number')}</Table.Th>
              <Table.Th>{t('airWaybills.columns.route')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.pieces')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.weight')}</Table.Th>
              <Table.Th>{t('airWaybills.houses.description')}</Table.Th>
              <Table.Th>{t('airWaybills.columns.shc')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.hs_codes')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.shipper')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.consignee')}</Table.Th>
              {canWrite && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((house) => (
              <Table.Tr key={house.id}>
                <Table.Td>{house.serial_number}</Table.Td>
                <Table.Td>
                  {house.origin_iata} – {house.destination_iata}
                </Table.Td>
                <Table.Td>{house.pieces}</Table.Td>
                <Table.Td>
                  {house.weight} {house.weight_code}
                </Table.Td>
                <Table.Td>{house.manifest_description_of_goods}</Table.Td>
                <Table.Td>{house.shcs.join(' ') || '—'}</Table.Td>
                <Table.Td>{house.hs_codes.join(' ') || '—'}</Table.Td>
                <Table.Td>{house.shipper?.name ?? '—'}</Table.Td>
                <Table.Td>{house.consignee?.name ?? '—'}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={houseEditPath(waybill.mawb, house.id)} size="sm">
                        {t('common.edit')}
                      </Anchor>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        c="red"
                        onClick={() => void onDelete(house.id, house.serial_number)}
                      >
                        {t('common.delete')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

const MOVEMENT_FIELDS = ['location_iata', 'status_code', 'time_local', 'pieces', 'weight', 'volume', 'uld'] as const;

function MovementDialog({ mawb, onClose }: { mawb: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddMovement(mawb);
  const form = useZodForm(movementForm, {
    defaultValues: { location_iata: '', time_local: '', pieces: null, weight: null, volume: null, uld: null },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await add.mutateAsync(values);
      toast(t('airWaybills.done.movement_added'));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, MOVEMENT_FIELDS)) setFailure(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('airWaybills.dialogs.movement', { mawb })} size="lg">
      <form onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert color="red" role="alert" mb="md">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <TextField control={form.control} name="location_iata" label={t('airWaybills.movements.location_iata')} />
          <SelectField
            control={form.control}
            name="status_code"
            label={t('airWaybills.movements.status_code')}
            data={MOVEMENT_STATUS_CODES.map((code) => ({ value: code, label: code }))}
            searchable
          />
          <TextField
            control={form.control}
            name="time_local"
            type="datetime-local"
            label={t('airWaybills.movements.time_local')}
          />
          <TextField control={form.control} name="uld" label={t('airWaybills.movements.uld')} />
          <NumberField control={form.control} name="pieces" label={t('airWaybills.fields.pieces')} />
          <NumberField control={form.control} name="weight" label={t('airWaybills.fields.weight')} decimalScale={1} />
          <NumberField control={form.control} name="volume" label={t('airWaybills.fields.volume')} decimalScale={3} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('airWaybills.actions.add_movement')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The waybill's pieces, weight and volume against what its latest active movements report (before verifying). */
function VerificationDifference({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const difference = useVerificationDifference(waybill.id, waybill.issued);
  const fields = difference.data?.fields ?? [];
  if (!waybill.issued || fields.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={5}>{t('airWaybills.verification.title')}</Title>
      <Table verticalSpacing={4} data-testid="verification-difference">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('airWaybills.verification.field')}</Table.Th>
            <Table.Th>{t('airWaybills.verification.waybill')}</Table.Th>
            <Table.Th>{t('airWaybills.verification.movement')}</Table.Th>
            <Table.Th>{t('airWaybills.verification.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.field}>
              <Table.Td>{t(`airWaybills.fields.${f.field}`)}</Table.Td>
              <Table.Td>{f.air_waybill ?? '—'}</Table.Td>
              <Table.Td>
                {f.movement === null ? '—' : `${f.movement} (${f.status_code ?? ''} ${f.location_iata ?? ''})`}
              </Table.Td>
              <Table.Td c={f.differs ? 'red' : undefined} fw={f.differs ? 600 : undefined}>
                {f.difference === null ? '—' : f.difference > 0 ? `+${f.difference}` : f.difference}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Movements, oldest first, in airport local time and UTC; the airline adds and deactivates them. */
export function MovementsPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  // Movements are the airline's and the platform's to record (the server refuses a forwarder).
  const canWrite = useCan('air_waybills:write') && profile?.company_business_type !== 'forwarder' && !waybill.voided;
  const movements = useMovements(waybill.mawb);
  const deactivate = useDeactivateMovement(waybill.mawb);
  const [adding, setAdding] = useState(false);
  const onDeactivate = async (id: number, code: string) => {
    if (!(await confirmAction({ message: t('airWaybills.confirm.deactivate_movement', { code }), danger: true })))
      return;
    deactivate.mutate(id, {
      onSuccess: () => toast(t('airWaybills.done.movement_deactivated')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  const rows = movements.data ?? [];
  return (
    <Stack>
      {canWrite && (
        <Group>
          <Button size="xs" onClick={() => setAdding(true)}>
            {t('airWaybills.actions.add_movement')}
          </Button>
        </Group>
      )}
      {movements.isError && (
        <Alert color="red" role="alert">
          {errorMessage(movements.error, t)}
        </Alert>
      )}
      {movements.data && rows.length === 0 && <Empty text={t('airWaybills.empty.movements')} />}
      {rows.length > 0 && (
        <Table striped verticalSpacing="xs" data-testid="movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('airWaybills.movements.status_code')}</Table.Th>
              <Table.Th>{t('airWaybills.movements.location_iata')}</Table.Th>
              <Table.Th>{t('airWaybills.movements.time')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.pieces')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.weight')}</Table.Th>
              <Table.Th>{t('airWaybills.fields.volume')}</Table.Th>
              <Table.Th>{t('airWaybills.movements.uld')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} style={m.deactivated ? { opacity: 0.55 } : undefined}>
                <Table.Td>
                  <Badge variant="light">{m.status_code}</Badge>
                </Table.Td>
                <Table.Td>{m.location_iata}</Table.Td>
                <Table.Td>
                  <DateTimeText value={m.time_utc} timeZone={m.timezone} withZone />
                </Table.Td>
                <Table.Td>{m.pieces ?? '—'}</Table.Td>
                <Table.Td>{m.weight === null ? '—' : `${m.weight} ${m.weight_code}`}</Table.Td>
                <Table.Td>{m.volume ?? '—'}</Table.Td>
                <Table.Td>{m.uld ?? '—'}</Table.Td>
                <Table.Td>
                  {m.deactivated ? (
                    <Badge color="gray" variant="outline">
                      {t('airWaybills.movements.deactivated')}
                    </Badge>
                  ) : (
                    canWrite && (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        c="red"
                        onClick={() => void onDeactivate(m.id, m.status_code)}
                      >
                        {t('airWaybills.actions.deactivate')}
                      </Anchor>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <VerificationDifference waybill={waybill} />
      {adding && <MovementDialog mawb={waybill.mawb} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** Alerts not dismissed (seed 001 section 8 warnings that apply to the waybill), dismissed one by one. */
export function AlertsPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write');
  const alerts = useAlerts(waybill.id);
  const dismiss = useDismissAlert(waybill.id);
  const rows = alerts.data ?? [];
  if (alerts.data && rows.length === 0) return <Empty text={t('airWaybills.empty.alerts')} />;
  return (
    <Stack gap="xs" data-testid="alerts">
      {rows.map((alert) => (
        <Alert
          key={alert.id}
          color="orange"
          title={translateMessage(alert.message_key, t)}
          withCloseButton={canWrite}
          closeButtonLabel={t('airWaybills.actions.dismiss')}
          onClose={() => dismiss.mutate(alert.id, { onError: (error) => toast(errorMessage(error, t), 'negative') })}
        >
          <DateTimeText value={alert.created_at} withZone />
        </Alert>
      ))}
    </Stack>
  );
}

function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('airWaybills.yes') : t('airWaybills.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.join(' ') || '—';
  }
  return JSON.stringify(value);
}

/** Who changed the waybill, when, through which channel, and each field before and after; newest first. */
export function ChangeLogPanel({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const changes = useWaybillChanges(waybill.mawb);
  const rows = changes.data ?? [];
  if (changes.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(changes.error, t)}
      </Alert>
    );
  }
  if (changes.data && rows.length === 0) return <Empty text={t('airWaybills.empty.changeLog')} />;
  return (
    <Table striped verticalSpacing="xs" data-testid="change-log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('airWaybills.changeLog.when')}</Table.Th>
          <Table.Th>{t('airWaybills.changeLog.who')}</Table.Th>
          <Table.Th>{t('airWaybills.changeLog.channel')}</Table.Th>
          <Table.Th>{t('airWaybills.changeLog.changes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <DateTimeText value={entry.created_at} withZone />
            </Table.Td>
            <Table.Td>
              {entry.user_id === null
                ? t('airWaybills.changeLog.system')
                : t('airWaybills.changeLog.user', { id: entry.user_id })}
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{entry.channel}</Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {Object.entries(entry.change_set).map(([field, [before, after]]) => (
                  <Text key={field} size="sm">
                    <Text component="span" fw={600} inherit>
                      {t(`airWaybills.fields.${field}`, { defaultValue: field })}:
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
