import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  PERMITTED_ROUTES_PATH,
  type PermittedRoute,
  type UpdatePermittedRouteForm,
  updatePermittedRouteFormSchema,
  usePermittedRoute,
  useUpdatePermittedRoute,
} from '../api/permitted-routes';
import {
  PERMITTED_ROUTE_FIELD_NAMES,
  PermittedRouteFields,
  type PermittedRouteFieldsControl,
} from '../components/permitted-route-fields';
import { routeText } from '../components/permitted-routes-table';

function formValues(r: PermittedRoute): UpdatePermittedRouteForm {
  return { origin: r.origin, destination: r.destination, via: r.via, notes: r.notes };
}

function EditForm({ route }: { route: PermittedRoute }) {
  const { t } = useTranslation();
  const update = useUpdatePermittedRoute(route.id);
  const form = useZodForm(updatePermittedRouteFormSchema, { defaultValues: formValues(route) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('bookingSettings.permittedRoutes.saved'));
        form.reset(formValues(saved));
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
        title={`${t('routes.permittedRoutesEdit')} ${route.carrier} ${routeText(route)}`}
        actions={
          <Button component={Link} to={PERMITTED_ROUTES_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <PermittedRouteFields control={form.control as unknown as PermittedRouteFieldsControl} chooseAirline={false} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function PermittedRouteEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const route = usePermittedRoute(id);
  return (
    <RecordLoader query={route} notFound={t('validation.permittedRouteNotFound')}>
      {(record) => <EditForm key={record.id} route={record} />}
    </RecordLoader>
  );
}
