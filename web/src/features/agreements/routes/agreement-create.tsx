import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { agreementsListPath, createAgreementFormSchema, useCreateAgreement } from '../api/agreements';
import { AGREEMENT_FIELD_NAMES, AgreementFields, type AgreementFieldsControl } from '../components/agreement-fields';

export function AgreementCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = agreementsListPath(useLocation().pathname);
  const { data: profile } = useProfile();
  const chooseSupplier = profile?.company_business_type === 'platform';
  const create = useCreateAgreement();
  const form = useZodForm(createAgreementFormSchema, {
    defaultValues: {
      currency: 'RUB',
      effective_from: new Date().toISOString().slice(0, 10),
      sales_origins: [],
      additional_prefixes: [],
      show_tariffs: true,
      balance_check_disabled: false,
      smart_contract: false,
      allowed_manual_routes: false,
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast(t('agreements.created'));
        void navigate(listPath);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, AGREEMENT_FIELD_NAMES)) {
          toast(errorMessage(error, t, { Exists: t('agreements.errors.exists') }), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.agreementsCreate')}
        actions={
          <Button component={Link} to={listPath} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <AgreementFields control={form.control as unknown as AgreementFieldsControl} chooseSupplier={chooseSupplier} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
