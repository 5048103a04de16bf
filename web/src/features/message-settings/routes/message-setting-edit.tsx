import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  MESSAGE_SETTINGS_PATH,
  type MessageSetting,
  type UpdateSettingForm,
  updateSettingFormSchema,
  useMessageSetting,
  useUpdateMessageSetting,
} from '../api/message-settings';
import { channelFields } from '../components/channel-fields';
import {
  MessageSettingFields,
  SETTING_FIELD_NAMES,
  type SettingFieldsControl,
} from '../components/message-setting-fields';

function formValues(setting: MessageSetting): UpdateSettingForm {
  return {
    event: setting.event,
    message_type: setting.message_type,
    version: setting.version,
    channel: setting.channel,
    addresses: setting.addresses,
    cc: setting.cc,
    bcc: setting.bcc,
    webhook_url: setting.webhook_url,
    enabled: setting.enabled,
    origin: setting.origin,
    destination: setting.destination,
    row_version: setting.row_version,
  };
}

function EditForm({ setting }: { setting: MessageSetting }) {
  const { t } = useTranslation();
  const update = useUpdateMessageSetting(setting.id);
  const form = useZodForm(updateSettingFormSchema, { defaultValues: formValues(setting) });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(channelFields(values), {
      onSuccess: (saved) => {
        toast(t('messageSettings.saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, (field) => SETTING_FIELD_NAMES.some((n) => field.startsWith(n)))) {
          toast(errorMessage(error, t, { NotFound: t('messageSettings.notFound') }), 'negative');
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('routes.messageSettingsEdit')}>
      <PageHeader
        title={`${t('routes.messageSettingsEdit')} ${setting.id} · ${setting.airline.short_name} ${setting.message_type}`}
        actions={
          <Button component={Link} to={MESSAGE_SETTINGS_PATH} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <MessageSettingFields
        control={form.control as unknown as SettingFieldsControl}
        chooseAirline={false}
        hasWebhookSecret={setting.has_webhook_secret}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

/** Settings / Message settings / Edit. */
export function MessageSettingEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const setting = useMessageSetting(id);
  return (
    <RecordLoader query={setting} notFound={t('messageSettings.notFound')}>
      {(record) => <EditForm key={record.id} setting={record} />}
    </RecordLoader>
  );
}
