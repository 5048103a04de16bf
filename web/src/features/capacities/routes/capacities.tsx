import { Alert, Button, Group, Loader, NumberInput, ScrollArea, Select, Table, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { useAircraftCapacities, useAirlineOptions, useUpdateAircraftCapacities } from '../api/capacities';

type Value = number | null;
interface Edit {
  weight: Value;
  volume: Value;
}

const numberOrNull = (value: string | number): Value => (value === '' ? null : Number(value));

/**
 * Settings / Capacities: every aircraft type of the reference with the airline's cargo capacity in kg and m3. Changed
 * rows are saved together; emptying both values removes the airline's capacity of the type. The platform picks the
 * airline first.
 */
export function CapacitiesRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  const canWrite = useCan('capacities:write');
  const airlines = useAirlineOptions(isPlatform);
  const [airlineId, setAirlineId] = useState<number | null>(null);
  const ready = profile !== undefined && (!isPlatform || airlineId !== null);
  const capacities = useAircraftCapacities(isPlatform ? airlineId : null, ready);
  const update = useUpdateAircraftCapacities();
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [search, setSearch] = useState('');

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (capacities.data ?? []).filter(
      (row) => !q || row.aircraft_type.toLowerCase().includes(q) || (row.description ?? '').toLowerCase().includes(q),
    );
  }, [capacities.data, search]);
  const changed = Object.entries(edits);

  const edit = (type: string, current: Edit, patch: Partial<Edit>) =>
    setEdits((all) => ({ ...all, [type]: { ...(all[type] ?? current), ...patch } }));

  const save = () =>
    update.mutate(
      {
        ...(isPlatform && airlineId ? { airline_id: airlineId } : {}),
        capacities: changed.map(([aircraft_type, values]) => ({ aircraft_type, ...values })),
      },
      {
        onSuccess: () => {
          setEdits({});
          toast(t('capacities.saved'));
        },
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      },
    );

  return (
    <>
      <PageHeader
        title={t('routes.capacities')}
        actions={
          canWrite && (
            <Button onClick={save} disabled={changed.length === 0} loading={update.isPending}>
              {t('capacities.saveChanges', { n: changed.length })}
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-end">
        {isPlatform && (
          <Select
            label={t('capacities.fields.airline')}
            searchable
            data={airlines}
            value={airlineId ? String(airlineId) : null}
            onChange={(value) => {
              setEdits({});
              setAirlineId(value ? Number(value) : null);
            }}
            w={320}
          />
        )}
        <TextInput
          label={t('capacities.searchType')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={240}
        />
      </Group>
      {isPlatform && airlineId === null && <Alert color="gray">{t('capacities.chooseAirline')}</Alert>}
      {capacities.isError && <Alert color="red">{errorMessage(capacities.error, t)}</Alert>}
      {ready && capacities.isPending && <Loader aria-label={t('common.loading')} />}
      {capacities.data && (
        <ScrollArea h="calc(100vh - 260px)">
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('capacities.fields.aircraft_type')}</Table.Th>
                <Table.Th>{t('capacities.fields.description')}</Table.Th>
                <Table.Th>{t('capacities.fields.weight')}</Table.Th>
                <Table.Th>{t('capacities.fields.volume')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const current = edits[row.aircraft_type] ?? { weight: row.weight, volume: row.volume };
                return (
                  <Table.Tr key={row.aircraft_type}>
                    <Table.Td>{row.aircraft_type}</Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={t('capacities.weightOf', { type: row.aircraft_type })}
                        value={current.weight ?? ''}
                        min={0}
                        max={500_000}
                        readOnly={!canWrite}
                        onChange={(value) => edit(row.aircraft_type, current, { weight: numberOrNull(value) })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={t('capacities.volumeOf', { type: row.aircraft_type })}
                        value={current.volume ?? ''}
                        min={0}
                        max={2_000}
                        decimalScale={3}
                        readOnly={!canWrite}
                        onChange={(value) => edit(row.aircraft_type, current, { volume: numberOrNull(value) })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </>
  );
}
