import type { CompanyUserCreate } from '@aircargo/contract/users';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MultiSelectField } from '@/components/form/multi-select-field';
import { PasswordField } from '@/components/form/password-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  addUserFormSchema,
  type CompanyUser,
  type EditUserForm,
  editUserFormSchema,
  useAddCompanyUser,
  useUpdateCompanyUser,
} from '../api/company-users';

export interface UserDialogProps {
  companyId: number;
  /** The user being edited, or null to add one. */
  user: CompanyUser | null;
  roleOptions: { value: string; label: string }[];
  onClose: () => void;
}

function AddUserFields({ companyId, roleOptions, onClose }: Omit<UserDialogProps, 'user'>) {
  const { t } = useTranslation();
  const add = useAddCompanyUser(companyId);
  const form = useZodForm(addUserFormSchema, {
    defaultValues: { email: '', roles: [], description: '', firstname: '', lastname: '', password: undefined },
  });
  const onSubmit = form.handleSubmit((values: CompanyUserCreate) =>
    add.mutate(values, {
      onSuccess: (result) => {
        // An existing account gets an invitation it must accept; the answer does not say whose it is.
        toast('message' in result ? t('users.invitationSent') : t('users.added'));
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['email', 'roles', 'description', 'password'])) {
          toast(
            errorMessage(error, t, { Exists: t('users.errors.exists'), EmptyFields: t('users.errors.nonSystem') }),
            'negative',
          );
        }
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextField control={form.control} name="email" label={t('users.email')} type="email" required />
        <Group grow>
          <TextField control={form.control} name="firstname" label={t('auth.firstname')} />
          <TextField control={form.control} name="lastname" label={t('auth.lastname')} />
        </Group>
        <MultiSelectField control={form.control} name="roles" label={t('users.roles')} data={roleOptions} />
        <TextareaField control={form.control} name="description" label={t('users.description')} rows={3} />
        <PasswordField
          control={form.control}
          name="password"
          label={t('users.initialPassword')}
          description={t('users.initialPasswordHint')}
          autoComplete="new-password"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditUserFields({ companyId, user, roleOptions, onClose }: UserDialogProps & { user: CompanyUser }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyUser(companyId);
  const form = useZodForm(editUserFormSchema, {
    defaultValues: {
      roles: user.roles.map((role) => role.name) as EditUserForm['roles'],
      description: user.description ?? '',
      blocked: user.blocked,
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { userId: user.id, body: values },
      {
        onSuccess: () => {
          toast(t('users.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, ['roles', 'description', 'blocked'])) {
            toast(errorMessage(error, t, { EmptyFields: t('users.errors.nonSystem') }), 'negative');
          }
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <MultiSelectField control={form.control} name="roles" label={t('users.roles')} data={roleOptions} />
        <TextareaField control={form.control} name="description" label={t('users.description')} rows={3} />
        <SwitchField control={form.control} name="blocked" label={t('users.blocked')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add or edit a user of the company. */
export function UserDialog(props: UserDialogProps) {
  const { t } = useTranslation();
  const { user, onClose } = props;
  return (
    <Modal opened onClose={onClose} title={user ? t('users.editTitle', { email: user.email }) : t('users.addTitle')}>
      {user ? <EditUserFields {...props} user={user} /> : <AddUserFields {...props} />}
    </Modal>
  );
}
