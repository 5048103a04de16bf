import { Button, Group } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type CreateCompanyForm, createCompanyFormSchema, useCreateCompany } from '../api/companies';
import { COMPANY_FIELD_NAMES, CompanyFields } from '../components/company-fields';

export function CompanyCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const form = useZodForm(createCompanyFormSchema, {
    defaultValues: { company_type: 'forwarder', name: '', short_name: '', cass_codes: [], permitted_carriers: [] },
  });
  const isAirline = form.watch('company_type') === 'airline';

  const onSubmit = form.handleSubmit((values) => {
    const body: CreateCompanyForm = values.company_type === 'airline' ? values : { ...values, airline_code: undefined };
    create.mutate(body, {
      onSuccess: (created) => {
        toast(t('companies.created'));
        void navigate(`/settings/companies/${created.id}/edit`);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, COMPANY_FIELD_NAMES)) {
          toast(errorMessage(error, t, { Exists: t('companies.errors.exists') }), 'negative');
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.companiesCreate')}
        actions={
          <>
            <Button component={Link} to="/settings/companies" variant="default">
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common.create')}
            </Button>
          </>
        }
      />
      <CompanyFields
        control={form.control as unknown as Control<CreateCompanyForm, unknown, unknown>}
        mode="create"
        isAirline={isAirline}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
