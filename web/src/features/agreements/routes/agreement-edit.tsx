import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import {
  type Agreement,
  agreementsListPath,
  type UpdateAgreementForm,
  updateAgreementFormSchema,
  useAgreement,
  useUpdateAgreement,
} from '../api/agreements';
import { AGREEMENT_FIELD_NAMES, AgreementFields, type AgreementFieldsControl } from '../components/agreement-fields';

function formValues(agreement: Agreement): UpdateAgreementForm {
  const { id: _id, supplier, client, active: _active, ...fields } = agreement;
  return { ...fields, supplier_id: supplier.id, client_id: client.id } as UpdateAgreementForm;
}

function EditForm({ agreement, listPath }: { agreement: Agreement; listPath: string }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const update = useUpdateAgreement(agreement.id);
  const form = useZodForm(updateAgreementFormSchema, { defaultValues: formValues(agreement) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('agreements.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, AGREEMENT_FIELD_NAMES)) {
          toast(errorMessage(error, t, { NotFound: t('agreements.errors.notFound') }), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={`${t('routes.agreementsEdit')} ${agreement.contract_number ?? `#${agreement.id}`}`}
        actions={
          <>
            <Badge color={agreement.active ? 'teal' : 'gray'}>
              {agreement.active ? t('agreements.active') : t('agreements.inactive')}
            </Badge>
            <Button component={Link} to={listPath} variant="default">
              {t('common.back')}
            </Button>
          </>
        }
      />
      <AgreementFields
        control={form.control as unknown as AgreementFieldsControl}
        chooseSupplier={profile?.company_business_type === 'platform'}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

export function AgreementEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const listPath = agreementsListPath(useLocation().pathname);
  const agreement = useAgreement(id);
  return (
    <RecordLoader query={agreement} notFound={t('agreements.errors.notFound')}>
      {(record) => <EditForm key={record.id} agreement={record} listPath={listPath} />}
    </RecordLoader>
  );
}
