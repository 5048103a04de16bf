import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { MESSAGE_CHANNELS, OUTGOING_EVENTS } from '@aircargo/contract/outgoing-messages';
import { OUTGOING_TELEGRAM_TYPES } from '@aircargo/domain/telegram-types';
import { Fieldset, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { translateValidation } from '@/lib/validation/messages';
import type { CreateSettingForm } from '../api/message-settings';
import { AddressListField } from './address-list-field';

export const SETTING_FIELD_NAMES = [
  'airline_id',
  'event',
  'message_type',
  'version',
  'channel',
  'addresses',
  'cc',
  'bcc',
  'webhook_url',
  'webhook_secret',
  'enabled',
  'origin',
  'destination',
] as const;

/** Both forms hold the same fields (the edit form with all of them optional and no airline). */
export type SettingFieldsControl = Control<CreateSettingForm, unknown, unknown>;

/** The airlines as select options (the platform's pickers). */
export function useAirlineOptions(enabled: boolean) {
  const airlines = useQuery({
    queryKey: ['reference', 'notable-companies', 'airline'],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: 'airline', per_page: 200, sort: 'name' },
        signal,
        kind: 'notable-companies-airline',
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return (airlines.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));
}

/** The webhook's own signing secret: write-only, so the field starts empty and says whether one is stored. */
function WebhookSecretField({ control, hasSecret }: { control: SettingFieldsControl; hasSecret: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'webhook_secret' });
  const m = (key: string) => t(`messageSettings.messaging.${key}`);
  return (
    <PasswordInput
      ref={field.ref}
      name={field.name}
      label={m('webhook_secret')}
      description={`${hasSecret ? m('isSet') : m('notSet')} · ${m('replace')}`}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value || undefined)}
      onBlur={field.onBlur}
      autoComplete="new-password"
      error={translateValidation(fieldState.error?.message, t)}
    />
  );
}

/** Message setting fields shared by create and edit; the airline is chosen only by the platform, on create. */
export function MessageSettingFields({
  control,
  chooseAirline,
  hasWebhookSecret = false,
}: {
  control: SettingFieldsControl;
  chooseAirline: boolean;
  hasWebhookSecret?: boolean;
}) {
  const { t } = useTranslation();
  const airlines = useAirlineOptions(chooseAirline);
  const channel = useWatch({ control, name: 'channel' });
  const f = (name: string) => t(`messageSettings.fields.${name}`);
  return (
    <Stack>
      <Fieldset legend={t('messageSettings.sections.what')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {chooseAirline && (
            <SelectField
              control={control}
              name="airline_id"
              numeric
              searchable
              label={f('airline')}
              data={airlines}
              required
            />
          )}
          <SelectField
            control={control}
            name="event"
            label={f('event')}
            data={OUTGOING_EVENTS.map((e) => ({ value: e, label: t(`outgoingMessages.events.${e}`) }))}
            required
          />
          <SelectField
            control={control}
            name="message_type"
            label={f('message_type')}
            data={OUTGOING_TELEGRAM_TYPES.map((type) => ({ value: type, label: type }))}
            required
          />
          <NumberField control={control} name="version" label={f('version')} min={1} max={99} />
          <SwitchField control={control} name="enabled" label={f('enabled')} mt="lg" />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('messageSettings.sections.where')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="channel"
            label={f('channel')}
            data={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`outgoingMessages.channels.${c}`) }))}
            allowDeselect={false}
            required
          />
          {channel === 'webhook' ? (
            <TextField
              control={control}
              name="webhook_url"
              label={f('webhook_url')}
              description={t('messageSettings.hints.webhook_url')}
              type="url"
              required
            />
          ) : (
            <AddressListField
              control={control}
              name="addresses"
              label={f('addresses')}
              description={t('messageSettings.hints.addresses')}
              upperCase={channel === 'sita'}
              required
            />
          )}
          {channel === 'email' && (
            <>
              <AddressListField control={control} name="cc" label={f('cc')} upperCase={false} />
              <AddressListField control={control} name="bcc" label={f('bcc')} upperCase={false} />
            </>
          )}
          {channel === 'webhook' && <WebhookSecretField control={control} hasSecret={hasWebhookSecret} />}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('messageSettings.sections.filters')}>
        <Text size="xs" c="dimmed" mb="xs">
          {t('messageSettings.hints.filters')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextField control={control} name="origin" label={f('origin')} maxLength={3} />
          <TextField control={control} name="destination" label={f('destination')} maxLength={3} />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
