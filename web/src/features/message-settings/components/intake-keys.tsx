import { telegramIntakeKeyCreate } from '@aircargo/contract/incoming-telegrams';
import { Alert, Button, Code, CopyButton, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { PageLoader } from '@/components/feedback/page-loader';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { formSchema } from '@/lib/validation/messages';
import {
  INTAKE_PATH,
  type TelegramIntakeKey,
  useCreateIntakeKey,
  useIntakeKeys,
  useRevokeIntakeKey,
} from '../api/intake-keys';

const createSchema = formSchema(telegramIntakeKeyCreate);

/** The key just created, shown once with a copy button. */
function NewKeyDialog({ created, onClose }: { created: { name: string; key: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`messageSettings.intakeKeys.${key}`);
  return (
    <Modal opened={created !== null} onClose={onClose} title={created?.name ?? ''} size="lg">
      {created && (
        <Stack>
          <Alert color="yellow">{k('created')}</Alert>
          <Code block data-testid="intake-key">
            {created.key}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? k('copied') : k('copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{k('done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Keys of the authenticated HTTP intake: list, create (the key shown once), revoke. */
export function IntakeKeys() {
  const { t } = useTranslation();
  const k = (key: string) => t(`messageSettings.intakeKeys.${key}`);
  const keys = useIntakeKeys(true);
  const create = useCreateIntakeKey();
  const revoke = useRevokeIntakeKey();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const form = useZodForm(createSchema, { defaultValues: { name: '' } });

  const onCreate = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        setCreated({ name: answer.name, key: answer.key });
        form.reset({ name: '' });
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['name'])) toast(errorMessage(error, t), 'negative');
      },
    }),
  );

  const onRevoke = async (key: TelegramIntakeKey) => {
    if (
      !(await confirmAction({
        message: t('messageSettings.intakeKeys.confirmRevoke', { name: key.name }),
        danger: true,
      }))
    )
      return;
    revoke.mutate(key.id, {
      onSuccess: () => toast(k('revokedDone')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={k('title')}>
      <Stack gap="sm">
        <Title order={4}>{k('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('messageSettings.intakeKeys.hint', { path: INTAKE_PATH })}
        </Text>
        {keys.isPending && <PageLoader />}
        {keys.isError && (
          <Alert color="red" role="alert">
            {errorMessage(keys.error, t)}
          </Alert>
        )}
        {keys.data && keys.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {k('empty')}
          </Text>
        )}
        {keys.data && keys.data.length > 0 && (
          <Table aria-label={k('title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{k('name')}</Table.Th>
                <Table.Th>{k('prefix')}</Table.Th>
                <Table.Th>{k('created_at')}</Table.Th>
                <Table.Th>{k('last_used_at')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <DateTimeText value={key.created_at} withZone />
                  </Table.Td>
                  <Table.Td>
                    {key.last_used_at ? <DateTimeText value={key.last_used_at} withZone /> : t('outgoingMessages.none')}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" color="red" onClick={() => void onRevoke(key)}>
                      {k('revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={onCreate} noValidate aria-label={k('create')}>
          <Group align="flex-end">
            <TextField control={form.control} name="name" label={k('name')} required />
            <Button type="submit" loading={create.isPending}>
              {k('create')}
            </Button>
          </Group>
        </form>
      </Stack>
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Paper>
  );
}
