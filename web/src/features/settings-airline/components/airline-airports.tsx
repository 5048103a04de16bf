import { Button, Fieldset, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { useAirlineAirports, useReplaceAirlineAirports } from '../api/airline-settings';

/** The airports the airline serves: a list of IATA codes, saved as a whole. */
export function AirlineAirports({ airlineId, canEdit }: { airlineId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const airports = useAirlineAirports(airlineId);
  const replace = useReplaceAirlineAirports(airlineId);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = (airports.data ?? []).map((a) => a.iata);
  const codes = draft ?? stored;

  const save = () =>
    replace.mutate(codes, {
      onSuccess: () => {
        setDraft(null);
        setError(null);
        toast(t('airlineSettings.airportsSaved'));
      },
      onError: (failure) => {
        const fieldErrors = failure instanceof ApiError ? failure.fieldErrors.airports : undefined;
        setError(fieldErrors?.join('; ') ?? errorMessage(failure, t));
      },
    });

  return (
    <Fieldset legend={t('airlineSettings.sections.airports')}>
      <Stack gap="xs">
        <TagsInput
          label={t('airlineSettings.fields.airports')}
          description={t('airlineSettings.airportsHint')}
          value={codes}
          onChange={(values) => setDraft(values.map((v) => v.trim().toUpperCase()))}
          disabled={!canEdit || airports.isPending}
          error={error}
          clearable
        />
        {airports.data && airports.data.length > 0 && (
          <Text size="sm" c="dimmed">
            {airports.data
              .map((a) => `${a.iata} ${i18n.language === 'ru' && a.cyrillic_name ? a.cyrillic_name : a.name}`)
              .join(' · ')}
          </Text>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button onClick={save} loading={replace.isPending} disabled={draft === null}>
              {t('airlineSettings.saveAirports')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
