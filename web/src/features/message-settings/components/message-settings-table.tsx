import { MESSAGE_CHANNELS, OUTGOING_EVENTS } from '@aircargo/contract/outgoing-messages';
import { OUTGOING_TELEGRAM_TYPES } from '@aircargo/domain/telegram-types';
import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  MESSAGE_SETTINGS_PATH,
  type MessageSetting,
  useDeleteMessageSetting,
  useMessageSettings,
} from '../api/message-settings';
import { useAirlineOptions } from './message-setting-fields';

const FILTER_KEYS = ['airline_id', 'event', 'message_type', 'channel', 'enabled'] as const;

/** Where a setting sends: its addresses (and copies) or its webhook URL. */
function recipients(setting: MessageSetting): string {
  if (setting.channel === 'webhook') return setting.webhook_url ?? '';
  const copies = [...setting.cc, ...setting.bcc];
  return [...setting.addresses, ...copies].join(', ');
}

/** The message settings of the airline (every airline's for the platform): server paging, filters in the URL. */
export function MessageSettingsTable({ canEdit, showAirline }: { canEdit: boolean; showAirline: boolean }) {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: '-id' });
  const settings = useMessageSettings(table.query);
  const remove = useDeleteMessageSetting();
  const airlines = useAirlineOptions(showAirline);
  const f = (name: string) => t(`messageSettings.fields.${name}`);

  const columns = useMemo<ColumnDef<MessageSetting>[]>(() => {
    const f = (name: string) => t(`messageSettings.fields.${name}`);
    const onDelete = async (setting: MessageSetting) => {
      const message = t('messageSettings.confirmDelete', {
        type: setting.message_type,
        event: t(`outgoingMessages.events.${setting.event}`),
      });
      if (!(await confirmAction({ message, danger: true }))) return;
      remove.mutate(setting.id, {
        onSuccess: () => toast(t('messageSettings.deleted')),
        onError: (error) => toast(errorMessage(error, t), 'negative'),
      });
    };
    return [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      ...(showAirline
        ? [
            {
              id: 'airline',
              header: f('airline'),
              enableSorting: false,
              cell: ({ row }) => row.original.airline.short_name,
            } satisfies ColumnDef<MessageSetting>,
          ]
        : []),
      { id: 'event', header: f('event'), cell: ({ row }) => t(`outgoingMessages.events.${row.original.event}`) },
      {
        id: 'message_type',
        header: f('message_type'),
        cell: ({ row }) =>
          row.original.version ? `${row.original.message_type}/${row.original.version}` : row.original.message_type,
      },
      {
        id: 'channel',
        header: f('channel'),
        enableSorting: false,
        cell: ({ row }) => t(`outgoingMessages.channels.${row.original.channel}`),
      },
      {
        id: 'addresses',
        header: f('addresses'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {recipients(row.original)}
          </Text>
        ),
      },
      {
        id: 'filters',
        header: `${f('origin')} – ${f('destination')}`,
        enableSorting: false,
        cell: ({ row }) =>
          `${row.original.origin ?? t('messageSettings.any')} – ${row.original.destination ?? t('messageSettings.any')}`,
      },
      {
        id: 'enabled',
        header: f('enabled'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.enabled ? (
            <Badge color="green" variant="light">
              {t('messageSettings.enabled')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('messageSettings.disabled')}
            </Badge>
          ),
      },
      {
        id: 'updated_at',
        header: f('updated_at'),
        enableSorting: false,
        cell: ({ row }) => <DateTimeText value={row.original.updated_at} withZone />,
      },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: '',
              enableSorting: false,
              cell: ({ row }) => (
                <RowActions
                  editTo={`${MESSAGE_SETTINGS_PATH}/${row.original.id}/edit`}
                  onDelete={() => void onDelete(row.original)}
                />
              ),
            } satisfies ColumnDef<MessageSetting>,
          ]
        : []),
    ];
  }, [t, canEdit, showAirline, remove]);

  return (
    <DataTable
      columns={columns}
      data={settings.data?.data}
      meta={settings.data?.meta}
      loading={settings.isFetching && !settings.data}
      error={settings.isError ? errorMessage(settings.error, t) : null}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[
        ...(showAirline ? [{ id: 'airline_id', label: f('airline'), type: 'select' as const, options: airlines }] : []),
        {
          id: 'event',
          label: f('event'),
          type: 'select',
          options: OUTGOING_EVENTS.map((e) => ({ value: e, label: t(`outgoingMessages.events.${e}`) })),
        },
        {
          id: 'message_type',
          label: f('message_type'),
          type: 'select',
          options: OUTGOING_TELEGRAM_TYPES.map((type) => ({ value: type, label: type })),
        },
        {
          id: 'channel',
          label: f('channel'),
          type: 'select',
          options: MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`outgoingMessages.channels.${c}`) })),
        },
        {
          id: 'enabled',
          label: f('enabled'),
          type: 'select',
          options: [
            { value: 'yes', label: t('outgoingMessages.yes') },
            { value: 'no', label: t('outgoingMessages.no') },
          ],
        },
      ]}
    />
  );
}
