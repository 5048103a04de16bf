import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import {
  type CreateSettingForm,
  createSettingFormSchema,
  MESSAGE_SETTINGS_PATH,
  useCreateMessageSetting,
} from '../api/message-settings';
import { channelFields } from '../components/channel-fields';
import {
  MessageSettingFields,
  SETTING_FIELD_NAMES,
  type SettingFieldsControl,
} from '../components/message-setting-fields';

const DEFAULTS: CreateSettingForm = {
  event: 'awb_created',
  message_type: 'FWB',
  version: null,
  channel: 'email',
  addresses: [],
  cc: [],
  bcc: [],
  webhook_url: null,
  enabled: true,
  origin: null,
  destination: null,
};

/** Settings / Message settings / New. */
export function MessageSettingCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const create = useCreateMessageSetting();
  const form = useZodForm(createSettingFormSchema, { defaultValues: DEFAULTS });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(channelFields(values) as CreateSettingForm, {
      onSuccess: () => {
        toast(t('messageSettings.created'));
        void navigate(MESSAGE_SETTINGS_PATH);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, (field) => SETTING_FIELD_NAMES.some((n) => field.startsWith(n)))) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('routes.messageSettingsCreate')}>
      <PageHeader
        title={t('routes.messageSettingsCreate')}
        actions={
          <Button component={Link} to={MESSAGE_SETTINGS_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <MessageSettingFields
        control={form.control as unknown as SettingFieldsControl}
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
