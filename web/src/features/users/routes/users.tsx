import { ROLES_BY_COMPANY_TYPE, roleName } from '@aircargo/domain/company';
import { Badge, Button, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { confirmAction } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { type CompanyUser, useCompanyUsers, useUpdateCompanyUser } from '../api/company-users';
import { UserDialog } from '../components/user-dialog';

const FILTER_KEYS = ['q', 'blocked', 'role'] as const;

/** Users of the current company: list, add and edit dialog, block and unblock. */
export function UsersRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const companyId = profile?.company_id ?? null;
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, defaultSort: 'email' });
  const users = useCompanyUsers(companyId, table.query);
  const { mutate: update } = useUpdateCompanyUser(companyId ?? 0);
  const [dialog, setDialog] = useState<{ user: CompanyUser | null } | null>(null);

  const roleOptions = useMemo(() => {
    const roles = ROLES_BY_COMPANY_TYPE[profile?.company_business_type ?? 'visitor'];
    return [...new Set(roles.map((role) => roleName(role) ?? role))].map((value) => ({
      value,
      label: t(`roles.names.${value}`, { defaultValue: value }),
    }));
  }, [profile?.company_business_type, t]);

  const toggleBlocked = useCallback(
    async (user: CompanyUser) => {
      const ok = await confirmAction({
        title: user.blocked ? t('users.unblock') : t('users.block'),
        message: t(user.blocked ? 'users.unblockConfirm' : 'users.blockConfirm', { email: user.email }),
        danger: !user.blocked,
      });
      if (!ok) return;
      update(
        { userId: user.id, body: { blocked: !user.blocked } },
        {
          onSuccess: () => toast(user.blocked ? t('users.unblocked') : t('users.blockedDone')),
          onError: (error) => toast(errorMessage(error, t), 'negative'),
        },
      );
    },
    [update, t],
  );

  const columns = useMemo<ColumnDef<CompanyUser>[]>(
    () => [
      { id: 'email', header: t('users.email'), accessorKey: 'email' },
      {
        id: 'lastname',
        header: t('users.name'),
        cell: ({ row }) => [row.original.firstname, row.original.lastname].filter(Boolean).join(' '),
      },
      {
        id: 'roles',
        header: t('users.roles'),
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4}>
            {row.original.roles.map((role) => (
              <Badge key={role.id} variant="light" size="sm">
                {t(`roles.names.${role.name}`, { defaultValue: role.name })}
              </Badge>
            ))}
          </Group>
        ),
      },
      { id: 'description', header: t('users.description'), enableSorting: false, accessorKey: 'description' },
      {
        id: 'blocked',
        header: t('users.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.blocked ? (
            <Badge color="red">{t('users.blocked')}</Badge>
          ) : (
            <Badge color="teal">{t('users.active')}</Badge>
          ),
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={() => setDialog({ user: row.original })}>
              {t('common.edit')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color={row.original.blocked ? 'teal' : 'red'}
              onClick={() => void toggleBlocked(row.original)}
            >
              {row.original.blocked ? t('users.unblock') : t('users.block')}
            </Button>
          </Group>
        ),
      },
    ],
    [t, toggleBlocked],
  );

  return (
    <>
      <PageHeader
        title={t('routes.users')}
        actions={
          <Button onClick={() => setDialog({ user: null })} disabled={companyId === null}>
            {t('users.add')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={users.data?.data}
        meta={users.data?.meta}
        loading={users.isFetching}
        error={users.isError ? errorMessage(users.error, t) : null}
        table={table}
        getRowId={(user) => String(user.id)}
        filters={[
          { id: 'q', label: t('common.search'), type: 'text' },
          {
            id: 'blocked',
            label: t('users.status'),
            type: 'select',
            options: [
              { value: 'false', label: t('users.active') },
              { value: 'true', label: t('users.blocked') },
            ],
          },
          ...(roleOptions.length
            ? [{ id: 'role', label: t('users.role'), type: 'select' as const, options: roleOptions }]
            : []),
        ]}
      />
      {dialog && companyId !== null && (
        <UserDialog
          companyId={companyId}
          user={dialog.user}
          roleOptions={roleOptions}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
