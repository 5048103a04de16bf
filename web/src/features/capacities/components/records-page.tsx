import type { Permission } from '@aircargo/domain/permissions';
import { Alert, Button, Group, Modal, Select } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import {
  PATHS,
  type RecordKind,
  type RecordOf,
  type UploadKind,
  useAirlineOptions,
  useDeleteRecord,
  useRecords,
} from '../api/capacities';
import { RecordForm } from './record-form';
import { UploadPanel } from './upload-panel';

const FILTER_KEYS = ['origin', 'destination', 'airline_id'] as const;

/** The columns of each kind after origin and destination: [field, sortable]. */
const COLUMNS: Record<RecordKind, readonly (readonly [string, boolean])[]> = {
  segmentPayloads: [
    ['aircraft_type', true],
    ['season', true],
    ['payload', true],
    ['reg_numbers', false],
  ],
  paxOdAverages: [
    ['aircraft_type', true],
    ['quantity', true],
  ],
  baggageAverages: [
    ['beginning_of_period', true],
    ['end_of_period', true],
    ['total_pax', false],
    ['total_baggage_weight', false],
    ['total_baggage_pcs', false],
    ['segments_count', false],
    ['average_baggage_weight', false],
    ['manual_average_baggage_weight', false],
  ],
  baggageStats: [
    ['flight_date', true],
    ['pax', true],
    ['baggage_pcs', false],
    ['baggage_weight', true],
  ],
};

const DEFAULT_SORT: Record<RecordKind, string> = {
  segmentPayloads: 'origin',
  paxOdAverages: 'origin',
  baggageAverages: 'origin',
  baggageStats: '-flight_date',
};

function cellText(kind: RecordKind, field: string, value: unknown, t: (key: string) => string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (kind === 'segmentPayloads' && field === 'season') return t(`capacities.seasons.${String(value)}`);
  return String(value);
}

export interface RecordsPageProps<K extends RecordKind> {
  kind: K;
  /** Create and edit on pages of their own (baggage stats) instead of a dialog. */
  editPages?: boolean;
  /** The permission of create, edit and delete. */
  writePermission: Permission;
}

/**
 * A settings list of capacity records of one kind: server paging, sorting and origin/destination filters in the URL;
 * create, edit (dialog or page) and delete with confirmation; XLSX upload and template where the kind has them.
 */
export function RecordsPage<K extends RecordKind>({ kind, editPages = false, writePermission }: RecordsPageProps<K>) {
  const { t } = useTranslation();
  const canRead = useCan('capacities:read');
  const canWrite = useCan(writePermission);
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  const airlineOptions = useAirlineOptions(isPlatform);
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: DEFAULT_SORT[kind] });
  // An airport filter goes to the server once it is a whole code.
  const query = Object.fromEntries(
    Object.entries(table.query).filter(
      ([key, value]) => (key !== 'origin' && key !== 'destination') || /^[A-Za-z]{3}$/.test(String(value)),
    ),
  );
  const records = useRecords(kind, query, canRead);
  const remove = useDeleteRecord(kind);
  const [editing, setEditing] = useState<RecordOf[K] | 'new' | null>(null);
  const path = PATHS[kind];
  const airlineFilter = table.state.filters.airline_id ? Number(table.state.filters.airline_id) : null;

  const columns = useMemo<ColumnDef<RecordOf[K]>[]>(() => {
    const airlineName = (id: number) => airlineOptions.find((o) => o.value === String(id))?.label.split(' — ')[0];
    const onDelete = async (record: RecordOf[K]) => {
      const name = `${record.origin}–${record.destination}`;
      if (!(await confirmAction({ message: t('capacities.confirmDelete', { name }), danger: true }))) return;
      remove.mutate(record.id, {
        onSuccess: () => toast(t('capacities.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    const field = (name: string, sortable: boolean): ColumnDef<RecordOf[K]> => ({
      id: name,
      header: t(`capacities.fields.${name}`),
      enableSorting: sortable,
      cell: ({ row }) => cellText(kind, name, (row.original as unknown as Record<string, unknown>)[name], t),
    });
    return [
      ...(isPlatform
        ? [
            {
              id: 'airline',
              header: t('capacities.fields.airline'),
              enableSorting: false,
              cell: ({ row }) => airlineName(row.original.airline_id) ?? row.original.airline_id,
            } satisfies ColumnDef<RecordOf[K]>,
          ]
        : []),
      field('origin', true),
      field('destination', true),
      ...COLUMNS[kind].map(([name, sortable]) => field(name, sortable)),
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <Group justify="flex-end" gap="xs" wrap="nowrap">
                  {editPages ? (
                    <Button component={Link} to={`${path}/${row.original.id}/edit`} size="compact-xs" variant="light">
                      {t('common.edit')}
                    </Button>
                  ) : (
                    <Button size="compact-xs" variant="light" onClick={() => setEditing(row.original)}>
                      {t('common.edit')}
                    </Button>
                  )}
                  <Button size="compact-xs" variant="light" color="red" onClick={() => void onDelete(row.original)}>
                    {t('common.delete')}
                  </Button>
                </Group>
              ),
            } satisfies ColumnDef<RecordOf[K]>,
          ]
        : []),
    ];
  }, [t, kind, canWrite, isPlatform, airlineOptions, editPages, path, remove]);

  const title = t(`routes.${kind}`);
  if (!canRead) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="gray">{t('capacities.noAccess')}</Alert>
      </>
    );
  }
  const uploadKind: UploadKind | null = kind === 'baggageAverages' ? null : kind;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          canWrite &&
          (editPages ? (
            <Button component={Link} to={`${path}/create`}>
              {t('capacities.create')}
            </Button>
          ) : (
            <Button onClick={() => setEditing('new')}>{t('capacities.create')}</Button>
          ))
        }
      />
      {uploadKind && (
        <>
          {isPlatform && canWrite && (
            <Select
              mb="sm"
              maw={360}
              label={t('capacities.uploadAirline')}
              searchable
              data={airlineOptions}
              value={airlineFilter ? String(airlineFilter) : null}
              onChange={(value) => table.update({ filters: { ...table.state.filters, airline_id: value ?? '' } })}
            />
          )}
          <UploadPanel
            kind={uploadKind}
            airlineId={airlineFilter}
            canUpload={canWrite && (!isPlatform || airlineFilter !== null)}
          />
        </>
      )}
      <DataTable
        columns={columns}
        data={records.data?.data}
        meta={records.data?.meta}
        loading={records.isFetching}
        error={records.isError ? errorMessage(records.error, t) : null}
        table={table}
        getRowId={(row) => String(row.id)}
        filters={[
          { id: 'origin', label: t('capacities.fields.origin'), type: 'text' },
          { id: 'destination', label: t('capacities.fields.destination'), type: 'text' },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('capacities.createTitle') : t('capacities.editTitle')}
        size="lg"
      >
        {editing !== null && (
          <RecordForm
            kind={kind}
            record={editing === 'new' ? null : editing}
            onSaved={() => setEditing(null)}
            cancel={
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('confirm.cancel')}
              </Button>
            }
          />
        )}
      </Modal>
    </>
  );
}
