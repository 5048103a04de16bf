import { Badge, Button, Group } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  type Company,
  type CreateCompanyForm,
  type UpdateCompanyForm,
  updateCompanyFormSchema,
  useCompany,
  useUpdateCompany,
} from '../api/companies';
import { COMPANY_FIELD_NAMES, CompanyFields } from '../components/company-fields';

function formValues(company: Company): UpdateCompanyForm {
  const { id: _id, company_type: _type, state: _state, ui_settings: _ui, latitude, longitude, ...fields } = company;
  return { ...fields, latitude, longitude };
}

function EditForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const form = useZodForm(updateCompanyFormSchema, { defaultValues: formValues(company) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(company.company_type === 'airline' ? values : { ...values, airline_code: undefined }, {
      onSuccess: (saved) => {
        toast(t('companies.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, COMPANY_FIELD_NAMES)) {
          toast(errorMessage(error, t, { Exists: t('companies.errors.exists') }), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.companiesEdit')}: ${company.short_name}`}
        actions={
          <>
            <Badge color={company.state === 'active' ? 'teal' : 'red'}>{t(`companies.states.${company.state}`)}</Badge>
            <Badge variant="outline">{t(`companies.types.${company.company_type}`)}</Badge>
            <Button component={Link} to="/settings/companies" variant="default">
              {t('common.back')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('common.save')}
            </Button>
          </>
        }
      />
      <CompanyFields
        control={form.control as unknown as Control<CreateCompanyForm, unknown, unknown>}
        mode="edit"
        isAirline={company.company_type === 'airline'}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function CompanyEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const company = useCompany(id);
  return (
    <RecordLoader query={company} notFound={t('companies.errors.notFound')}>
      {(record) => <EditForm key={record.id} company={record} />}
    </RecordLoader>
  );
}
