import { RULE_ANSWERS } from '@aircargo/domain/booking-rules';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { BOOKING_RULES_PATH, type BookingRule, useBookingRules, useDeleteBookingRule } from '../api/booking-rules';
import { amount } from './row-actions';

const FILTER_KEYS = ['response_status'] as const;

export const ANSWER_COLORS = { KK: 'green', NN: 'yellow', UU: 'red' } as const;

/** "10–20" for a rule's bounds; "≥ 10" or "≤ 20" with one side; empty without either. */
export function range(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${amount(min)}–${amount(max)}`;
  if (min !== null) return `≥ ${amount(min)}`;
  if (max !== null) return `≤ ${amount(max)}`;
  return '';
}

/** The airline's booking rules (every airline's for the platform), server paged. */
export function BookingRulesTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'id' });
  const rules = useBookingRules(table.query);
  const remove = useDeleteBookingRule();

  const columns = useMemo<ColumnDef<BookingRule>[]>(() => {
    const f = (name: string) => t(`bookingSettings.bookingRules.fields.${name}`);
    const any = t('bookingSettings.any');
    const onDelete = async (rule: BookingRule) => {
      const message = t('bookingSettings.bookingRules.confirmDelete', { id: rule.id });
      if (!(await confirmAction({ message, danger: true }))) return;
      remove.mutate(rule.id, {
        onSuccess: () => toast(t('bookingSettings.bookingRules.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    return [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'carrier', header: f('carrier'), enableSorting: false, accessorKey: 'carrier' },
      {
        id: 'route',
        header: f('route'),
        enableSorting: false,
        cell: ({ row }) => `${row.original.origin_iata ?? any}–${row.original.destination_iata ?? any}`,
      },
      {
        id: 'flight',
        header: f('flight'),
        enableSorting: false,
        cell: ({ row }) => row.original.flight_number_with_date ?? any,
      },
      {
        id: 'shcs',
        header: f('shcs'),
        enableSorting: false,
        cell: ({ row }) => (row.original.shcs.length > 0 ? row.original.shcs.join(', ') : any),
      },
      {
        id: 'percent',
        header: f('percent'),
        enableSorting: false,
        cell: ({ row }) => range(row.original.min_percent, row.original.max_percent),
      },
      {
        id: 'weight',
        header: f('weight'),
        enableSorting: false,
        cell: ({ row }) => range(row.original.min_weight, row.original.max_weight),
      },
      {
        id: 'volume',
        header: f('volume'),
        enableSorting: false,
        cell: ({ row }) => range(row.original.min_volume, row.original.max_volume),
      },
      {
        id: 'response_status',
        header: f('response_status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge color={ANSWER_COLORS[row.original.response_status]} variant="light">
            {row.original.response_status}
          </Badge>
        ),
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <RowActions
                  editTo={`${BOOKING_RULES_PATH}/${row.original.id}/edit`}
                  onDelete={() => void onDelete(row.original)}
                />
              ),
            } satisfies ColumnDef<BookingRule>,
          ]
        : []),
    ];
  }, [t, canEdit, remove]);

  return (
    <DataTable
      columns={columns}
      data={rules.data?.data}
      meta={rules.data?.meta}
      loading={rules.isFetching}
      error={rules.isError ? errorMessage(rules.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        {
          id: 'response_status',
          label: t('bookingSettings.bookingRules.fields.response_status'),
          type: 'select',
          options: RULE_ANSWERS.map((v) => ({ value: v, label: `${v} — ${t(`bookingSettings.answers.${v}`)}` })),
        },
      ]}
    />
  );
}
