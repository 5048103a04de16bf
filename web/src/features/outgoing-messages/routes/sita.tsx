import { messagingSettingsApi, sitaMessageCreate } from '@aircargo/contract/outgoing-messages';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { callApi } from '@/lib/api/endpoint';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { formSchema, translateValidation } from '@/lib/validation/messages';
import { messagePath, useSendSita } from '../api/outgoing-messages';
import { MessageStatus } from '../components/message-status';

const schema = formSchema(sitaMessageCreate);
type SitaForm = { addresses: string[]; sign: string; subject: string | null; body: string };
const EMPTY: SitaForm = { addresses: [], sign: '', subject: null, body: '' };

/** The addresses, one Type B address per tag; each is checked on its own. */
function AddressesInput({ control }: { control: ReturnType<typeof useZodForm<typeof schema>>['control'] }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'addresses' });
  const error = fieldState.error;
  const first =
    error?.message ??
    (Array.isArray(error)
      ? (error.find((item) => item?.message) as { message?: string } | undefined)?.message
      : undefined);
  return (
    <TagsInput
      ref={field.ref}
      name={field.name}
      label={t('outgoingMessages.sita.addresses')}
      description={t('outgoingMessages.sita.addressesHint')}
      required
      splitChars={[',', ' ', ';']}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(values) => field.onChange(values.map((v) => v.trim().toUpperCase()))}
      onBlur={field.onBlur}
      error={translateValidation(first, t)}
    />
  );
}

/** Messaging / SITA (platform): a free-text Type B message to SITA addresses through the gateway. */
export function SitaRoute() {
  const { t } = useTranslation();
  const send = useSendSita();
  const [missing, setMissing] = useState(false);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  // The sign defaults to the company's own Type B address.
  const own = useQuery({
    queryKey: ['messaging-settings'],
    queryFn: ({ signal }) => callApi(messagingSettingsApi.get, { query: {}, signal }),
  });
  const ownAddress = own.data?.type_b_address ?? null;
  useEffect(() => {
    if (ownAddress && !form.getValues('sign')) form.setValue('sign', ownAddress);
  }, [ownAddress, form]);

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast(t('outgoingMessages.sita.sent'));
        form.reset({ ...EMPTY, sign: values.sign });
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, (field) =>
          ['addresses', 'sign', 'subject', 'body'].some((n) => field.startsWith(n)),
        );
      },
    }),
  );

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const empty = !values.addresses?.length || !values.sign?.trim() || !values.body?.trim();
    setMissing(empty);
    if (!empty) void submit(event);
  };

  return (
    <Stack>
      <PageHeader title={t('routes.sitaUpload')} />
      <Paper withBorder p="md">
        <form onSubmit={onSubmit} noValidate aria-label={t('routes.sitaUpload')}>
          <Stack gap="sm">
            <Text size="sm">{t('outgoingMessages.sita.hint')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AddressesInput control={form.control} />
              <TextField
                control={form.control}
                name="sign"
                label={t('outgoingMessages.sita.sign')}
                maxLength={7}
                required
              />
            </SimpleGrid>
            <TextField control={form.control} name="subject" label={t('outgoingMessages.sita.subject')} />
            <TextareaField
              control={form.control}
              name="body"
              label={t('outgoingMessages.sita.body')}
              rows={10}
              styles={{ input: { fontFamily: 'monospace' } }}
              required
            />
            {missing && (
              <Alert color="red" role="alert">
                {t('validation.messageRequiredFields')}
              </Alert>
            )}
            {send.isError && (
              <Alert color="red" role="alert">
                {errorMessage(send.error, t)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={send.isPending}>
                {t('outgoingMessages.sita.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {send.data && (
        <Paper withBorder p="md" component="section" aria-label={t('outgoingMessages.detailsTitle')}>
          <Group gap="sm">
            <Anchor component={Link} to={messagePath(send.data.id)}>
              {t('outgoingMessages.sita.queued', { id: send.data.id })}
            </Anchor>
            <MessageStatus status={send.data.status} lastError={send.data.last_error} />
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
