import type { BookingRuleCheckResult } from '@aircargo/contract/bookings';
import { ActionIcon, Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '@/components/form/number-field';
import { TagsField } from '@/components/form/tags-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { translateValidation } from '@/lib/validation/messages';
import {
  BOOKING_RULES_PATH,
  type CheckRulesForm,
  checkRulesFormSchema,
  useBookingRule,
  useCheckBookingRules,
} from '../api/booking-rules';
import { ANSWER_COLORS, range } from './booking-rules-table';
import { SegmentPicker } from './segment-picker';

const MAX_SEGMENTS = 4;
const CHECK_FIELDS = ['segment_ids', 'pieces', 'weight', 'volume', 'shcs'] as const;

/** Names the rule that decided a segment's answer, with its conditions and a link to it. */
function DecidingRule({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const rule = useBookingRule(id ?? 0);
  if (id === null) return <Text size="sm">{t('bookingSettings.check.noRule')}</Text>;
  const r = rule.data;
  const any = t('bookingSettings.any');
  const parts = r
    ? [
        `${r.origin_iata ?? any}–${r.destination_iata ?? any}`,
        r.flight_number_with_date,
        r.shcs.length > 0 ? r.shcs.join(', ') : null,
        r.min_percent !== null || r.max_percent !== null ? `${range(r.min_percent, r.max_percent)} %` : null,
        r.min_weight !== null || r.max_weight !== null ? `${range(r.min_weight, r.max_weight)} kg` : null,
        r.min_volume !== null || r.max_volume !== null ? `${range(r.min_volume, r.max_volume)} m3` : null,
      ].filter(Boolean)
    : [];
  return (
    <Text size="sm">
      <Link to={`${BOOKING_RULES_PATH}/${id}/edit`}>{t('bookingSettings.check.rule', { id })}</Link>
      {parts.length > 0 ? ` (${parts.join('; ')})` : ''}
    </Text>
  );
}

function CheckForm() {
  const { t } = useTranslation();
  const check = useCheckBookingRules();
  const [result, setResult] = useState<BookingRuleCheckResult | null>(null);
  const [labels, setLabels] = useState<Record<number, string>>({});
  const form = useZodForm(checkRulesFormSchema, {
    defaultValues: { segment_ids: [], pieces: 1, shcs: [] } as Partial<CheckRulesForm>,
  });
  const { field: segments, fieldState } = useController({ control: form.control, name: 'segment_ids' });
  const chosen = (segments.value ?? []) as number[];

  const onSubmit = form.handleSubmit((values) =>
    check.mutate(values, {
      onSuccess: setResult,
      onError: (error) => {
        setResult(null);
        if (!applyServerErrors(error, form.setError, CHECK_FIELDS)) toast(errorMessage(error, t), 'negative');
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Stack gap={4}>
          {chosen.map((id) => (
            <Group key={id} justify="space-between" wrap="nowrap">
              <Text size="sm">{labels[id] ?? `#${id}`}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common.delete')}
                onClick={() => segments.onChange(chosen.filter((s) => s !== id))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {chosen.length < MAX_SEGMENTS && (
          <SegmentPicker
            key={chosen.length}
            value={null}
            label={t('bookingSettings.check.addSegment')}
            error={translateValidation(fieldState.error?.message, t)}
            onChange={(id, segment) => {
              if (id === null || chosen.includes(id)) return;
              if (segment)
                setLabels((known) => ({
                  ...known,
                  [id]: `${segment.number_with_date} ${segment.origin}–${segment.destination}`,
                }));
              segments.onChange([...chosen, id]);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField
            control={form.control}
            name="pieces"
            label={t('bookingSettings.check.pieces')}
            min={1}
            allowDecimal={false}
            required
          />
          <NumberField
            control={form.control}
            name="weight"
            label={t('bookingSettings.check.weight')}
            min={0}
            decimalScale={3}
            required
          />
          <NumberField
            control={form.control}
            name="volume"
            label={t('bookingSettings.check.volume')}
            min={0}
            decimalScale={3}
            required
          />
        </SimpleGrid>
        <TagsField control={form.control} name="shcs" label={t('bookingSettings.bookingRules.fields.shcs')} />
        <Group justify="flex-end">
          <Button type="submit" loading={check.isPending}>
            {t('bookingSettings.check.run')}
          </Button>
        </Group>
        {result && (
          <Alert
            color={ANSWER_COLORS[result.response_status]}
            title={t('bookingSettings.check.answer', {
              answer: `${result.response_status} — ${t(`bookingSettings.answers.${result.response_status}`)}`,
            })}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bookingSettings.check.segment')}</Table.Th>
                  <Table.Th>{t('bookingSettings.check.load')}</Table.Th>
                  <Table.Th>{t('bookingSettings.bookingRules.fields.response_status')}</Table.Th>
                  <Table.Th>{t('bookingSettings.check.decidedBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.segments.map((s) => (
                  <Table.Tr key={s.segment_id}>
                    <Table.Td>{labels[s.segment_id] ?? `#${s.segment_id}`}</Table.Td>
                    <Table.Td>{s.load_percent === null ? '—' : `${s.load_percent} %`}</Table.Td>
                    <Table.Td>
                      <Badge color={ANSWER_COLORS[s.response_status]} variant="light">
                        {s.response_status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <DecidingRule id={s.rule_id} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** The check-booking-rules dialog: the answer the rules would give a shipment on flights now, and which rule decided. */
export function CheckRulesButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('bookingSettings.check.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('bookingSettings.check.title')} size="xl">
        {opened && <CheckForm />}
      </Modal>
    </>
  );
}
