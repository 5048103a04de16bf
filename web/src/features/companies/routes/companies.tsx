import { COMPANY_TYPES } from '@aircargo/domain/company';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type CompanyListItem, useCompanies, useSetCompanyState } from '../api/companies';

const FILTER_KEYS = ['q', 'company_type', 'state'] as const;

/** Platform: every company, with create, edit, block and unblock. */
export function CompaniesRoute() {
  const { t } = useTranslation();
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'name' });
  const companies = useCompanies(table.query);
  const { mutate: setState } = useSetCompanyState();

  const toggleState = useCallback(
    async (company: CompanyListItem) => {
      const blocking = company.state === 'active';
      const ok = await confirmAction({
        title: blocking ? t('companies.block') : t('companies.unblock'),
        message: t(blocking ? 'companies.blockConfirm' : 'companies.unblockConfirm', { name: company.name }),
        danger: blocking,
      });
      if (!ok) return;
      setState(
        { id: company.id, state: blocking ? 'blocked' : 'active' },
        {
          onSuccess: () => toast(t('companies.saved')),
          onError: (error) => toast(errorMessage(error, t), 'negative'),
        },
      );
    },
    [setState, t],
  );

  const columns = useMemo<ColumnDef<CompanyListItem>[]>(
    () => [
      { id: 'id', header: t('companies.fields.id'), accessorKey: 'id' },
      {
        id: 'name',
        header: t('companies.fields.name'),
        cell: ({ row }) => (
          <Anchor component={Link} to={`/settings/companies/${row.original.id}/edit`} size="sm">
            {row.original.name}
          </Anchor>
        ),
      },
      { id: 'short_name', header: t('companies.fields.short_name'), accessorKey: 'short_name' },
      {
        id: 'company_type',
        header: t('companies.fields.company_type'),
        cell: ({ row }) => t(`companies.types.${row.original.company_type}`),
      },
      {
        id: 'airline_code',
        header: t('companies.fields.airline_code'),
        enableSorting: false,
        accessorKey: 'airline_code',
      },
      { id: 'city', header: t('companies.fields.city'), enableSorting: false, accessorKey: 'city' },
      { id: 'country', header: t('companies.fields.country'), enableSorting: false, accessorKey: 'country' },
      {
        id: 'state',
        header: t('companies.fields.state'),
        cell: ({ row }) => (
          <Badge tt="none" miw="fit-content" color={row.original.state === 'active' ? 'teal' : 'red'}>
            {t(`companies.states.${row.original.state}`)}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              component={Link}
              to={`/settings/companies/${row.original.id}/edit`}
              size="compact-xs"
              variant="light"
            >
              {t('common.edit')}
            </Button>
            {/* The platform's own company cannot be blocked (the server refuses it). */}
            {row.original.company_type !== 'platform' && (
              <Button
                size="compact-xs"
                variant="subtle"
                color={row.original.state === 'active' ? 'red' : 'teal'}
                onClick={() => void toggleState(row.original)}
              >
                {row.original.state === 'active' ? t('companies.block') : t('companies.unblock')}
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [t, toggleState],
  );

  return (
    <>
      <PageHeader
        title={t('routes.companies')}
        actions={
          <Button component={Link} to="/settings/companies/create">
            {t('companies.create')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={companies.data?.data}
        meta={companies.data?.meta}
        loading={companies.isFetching}
        error={companies.isError ? errorMessage(companies.error, t) : null}
        table={table}
        getRowId={(company) => String(company.id)}
        filters={[
          { id: 'q', label: t('common.search'), type: 'text' },
          {
            id: 'company_type',
            label: t('companies.fields.company_type'),
            type: 'select',
            options: COMPANY_TYPES.map((value) => ({ value, label: t(`companies.types.${value}`) })),
          },
          {
            id: 'state',
            label: t('companies.fields.state'),
            type: 'select',
            options: [
              { value: 'active', label: t('companies.states.active') },
              { value: 'blocked', label: t('companies.states.blocked') },
            ],
          },
        ]}
      />
    </>
  );
}
