import { SITA_GATEWAY_KINDS } from '@aircargo/contract/outgoing-messages';
import { Alert, Button, Fieldset, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  type MessagingForm,
  type MessagingSettings,
  messagingFormSchema,
  useSaveMessagingSettings,
} from '../api/message-settings';
import { SecretField } from './secret-field';

const FIELD_NAMES = [
  'type_b_address',
  'mailbox_address',
  'gateway_kind',
  'gateway_address',
  'gateway_url',
  'gateway_username',
  'gateway_password',
  'gateway_api_key',
  'webhook_secret',
] as const;

/** The stored settings as form values; secrets are never answered, so their fields start untouched (undefined). */
function formValues(settings: MessagingSettings): MessagingForm {
  return {
    type_b_address: settings.type_b_address,
    mailbox_address: settings.mailbox_address,
    gateway_kind: settings.gateway_kind,
    gateway_address: settings.gateway_address,
    gateway_url: settings.gateway_url,
    gateway_username: settings.gateway_username,
  };
}

/** The company's own Type B address and mailbox, its SITA gateway and the webhook signing secret. */
export function MessagingSettingsForm({
  settings,
  canEdit,
  companyId = null,
}: {
  settings: MessagingSettings;
  canEdit: boolean;
  /** The company the platform edits; null for the caller's own. */
  companyId?: number | null;
}) {
  const { t } = useTranslation();
  const save = useSaveMessagingSettings(companyId);
  const form = useZodForm(messagingFormSchema, { defaultValues: formValues(settings) });
  const kind = useWatch({ control: form.control, name: 'gateway_kind' });
  const m = (key: string) => t(`messageSettings.messaging.${key}`);
  const disabled = !canEdit;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast(m('saved'));
        form.reset(formValues(saved));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELD_NAMES)) toast(errorMessage(error, t), 'negative');
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={m('title')}>
      <Stack>
        <Fieldset legend={m('own')} disabled={disabled}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={form.control}
              name="type_b_address"
              label={m('type_b_address')}
              maxLength={7}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <TextField control={form.control} name="mailbox_address" label={m('mailbox')} type="email" />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={m('gateway')} disabled={disabled}>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="gateway_kind"
              render={({ field }) => (
                <SegmentedControl
                  aria-label={m('gateway_kind')}
                  value={field.value ?? 'none'}
                  onChange={(value) => field.onChange(value === 'none' ? null : value)}
                  disabled={disabled}
                  data={[
                    { value: 'none', label: m('notSet') },
                    ...SITA_GATEWAY_KINDS.map((k) => ({
                      value: k,
                      label: t(`messageSettings.messaging.gatewayKinds.${k}`),
                    })),
                  ]}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {kind === 'email' && (
                <TextField
                  control={form.control}
                  name="gateway_address"
                  label={m('gateway_address')}
                  type="email"
                  required
                />
              )}
              {kind === 'http' && (
                <TextField control={form.control} name="gateway_url" label={m('gateway_url')} type="url" required />
              )}
              {kind && <TextField control={form.control} name="gateway_username" label={m('username')} />}
              {kind && (
                <SecretField
                  control={form.control}
                  name="gateway_password"
                  label={m('password')}
                  isSet={settings.has_password}
                  disabled={disabled}
                />
              )}
              {kind === 'http' && (
                <SecretField
                  control={form.control}
                  name="gateway_api_key"
                  label={m('api_key')}
                  isSet={settings.has_api_key}
                  disabled={disabled}
                />
              )}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={m('webhook')} disabled={disabled}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SecretField
              control={form.control}
              name="webhook_secret"
              label={m('webhook_secret')}
              isSet={settings.has_secret}
              disabled={disabled}
            />
          </SimpleGrid>
        </Fieldset>
        <Alert color="blue" variant="light">
          {m('secretsNote')}
        </Alert>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {settings.updated_at && (
              <>
                {t('messageSettings.fields.updated_at')}: <DateTimeText value={settings.updated_at} withZone />
              </>
            )}
          </Text>
          {canEdit && (
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
