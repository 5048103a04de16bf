import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  type IncomingTelegram,
  isRunning,
  telegramPath,
  useIncomingTelegram,
  useLiveValidation,
  useRestartTelegram,
  useUpdateTelegram,
} from '../api/incoming-telegrams';
import { ProcessingBadge } from '../components/telegram-status';
import { ValidationReport } from '../components/validation-report';

/** Delay after the last keystroke before the text is validated again. */
const VALIDATE_DELAY_MS = 500;

function EditForm({ telegram }: { telegram: IncomingTelegram }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [body, setBody] = useState(telegram.body);
  const [notes, setNotes] = useState(telegram.notes ?? '');
  const [missing, setMissing] = useState(false);
  const [debounced] = useDebouncedValue(body, VALIDATE_DELAY_MS);
  const validation = useLiveValidation(debounced);
  const update = useUpdateTelegram(telegram.id);
  const restart = useRestartTelegram(telegram.id);
  const busy = update.isPending || restart.isPending;

  const save = (andRestart: boolean) => {
    setMissing(!body.trim());
    if (!body.trim()) return;
    update.mutate(
      {
        ...(body !== telegram.body ? { body } : {}),
        notes: notes.trim() || null,
        row_version: telegram.row_version,
      },
      {
        onSuccess: () => {
          if (!andRestart) {
            toast(t('telegrams.edit.saved'));
            return;
          }
          restart.mutate(undefined, {
            onSuccess: (restarted) => {
              toast(t('telegrams.restarted'));
              void navigate(telegramPath(restarted.family, restarted.id));
            },
          });
        },
      },
    );
  };

  const error = update.error ?? restart.error;
  return (
    <Stack>
      <PageHeader
        title={`${t('routes.cimpEdit')} ${telegram.id}`}
        actions={
          <Anchor component={Link} to={telegramPath(telegram.family, telegram.id)}>
            {t('telegrams.edit.backToTelegram')}
          </Anchor>
        }
      />
      <Group gap="sm">
        <Text size="sm">
          {telegram.message_type ?? t('telegrams.unknownType')}
          {telegram.corrected ? ` · ${t('telegrams.edit.alreadyCorrected')}` : ''}
        </Text>
        <ProcessingBadge status={telegram.processing_status} />
      </Group>
      <Paper withBorder p="md">
        <form
          aria-label={t('routes.cimpEdit')}
          onSubmit={(event) => {
            event.preventDefault();
            save(false);
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('telegrams.edit.body')}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              rows={8}
              styles={{ input: { fontFamily: 'monospace' } }}
              error={missing ? t('validation.required') : undefined}
              required
            />
            <Textarea
              label={t('telegrams.fields.notes')}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              rows={2}
            />
            {error && (
              <Alert color="red" role="alert">
                {errorMessage(error, t)}
              </Alert>
            )}
            <Group>
              <Button type="submit" variant="default" loading={update.isPending && !restart.isPending} disabled={busy}>
                {t('common.save')}
              </Button>
              <Button onClick={() => save(true)} loading={busy} disabled={isRunning(telegram)}>
                {t('telegrams.edit.saveAndRestart')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {validation.isFetching && !validation.data && <Loader size="sm" aria-label={t('common.loading')} />}
      {validation.isError && (
        <Alert color="red" role="alert">
          {errorMessage(validation.error, t)}
        </Alert>
      )}
      {validation.data && body.trim() && <ValidationReport validation={validation.data} text={debounced} />}
    </Stack>
  );
}

/** Messaging / CIMP edit: correct a telegram's body and notes with live validation; save (corrected) and restart. */
export function CimpEditRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useIncomingTelegram('cimp', id);
  return (
    <RecordLoader query={query} notFound={t('telegrams.notFound')}>
      {(telegram) => <EditForm telegram={telegram} />}
    </RecordLoader>
  );
}
