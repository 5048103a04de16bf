import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import {
  createPermittedRouteFormSchema,
  PERMITTED_ROUTES_PATH,
  useCreatePermittedRoute,
} from '../api/permitted-routes';
import {
  PERMITTED_ROUTE_FIELD_NAMES,
  PermittedRouteFields,
  type PermittedRouteFieldsControl,
} from '../components/permitted-route-fields';

export function PermittedRouteCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreatePermittedRoute();
  const form = useZodForm(createPermittedRouteFormSchema, {
    defaultValues: { origin: '', destination: '', via: null, notes: null },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('bookingSettings.permittedRoutes.created'));
        void navigate(PERMITTED_ROUTES_PATH);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, PERMITTED_ROUTE_FIELD_NAMES)) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.permittedRoutesCreate')}
        actions={
          <Button component={Link} to={PERMITTED_ROUTES_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <PermittedRouteFields
        control={form.control as unknown as PermittedRouteFieldsControl}
        chooseAirline={profile?.company_business_type === 'platform'}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
