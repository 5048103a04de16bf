import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import type { OutgoingMessageSummary, OutgoingStatus } from '@aircargo/contract/outgoing-messages';
import { MESSAGE_CHANNELS, type MessageChannel } from '@aircargo/contract/outgoing-messages';
import {
  MAX_EXPLICIT_ADDRESSES,
  sendFhlBody,
  sendFwbBody,
  waybillTelegramsApi,
} from '@aircargo/contract/waybill-telegrams';
import { canSendTelegram } from '@aircargo/domain/telegram-types';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { PageLoader } from '@/components/feedback/page-loader';
import { callApi } from '@/lib/api/endpoint';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { translateValidation } from '@/lib/validation/messages';
import { useHouses } from '../api/air-waybills';
import { WAYBILLS } from '../api/keys';

// Telegrams of a waybill (issue 14 item 5): the FWB and FHL pages send them to a channel and addresses given here, and
// the detail lists the waybill's outgoing messages. The outgoing-messages log has the full details of each.

const OUTGOING = [...WAYBILLS, 'outgoing-messages'] as const;
const PER_PAGE = 25;
/** How often the list is read again while a message is still on its way. */
const DELIVERY_POLL_MS = 3000;

const STATUS_COLORS: Record<OutgoingStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'orange',
  dead: 'red',
};

type Kind = 'fwb' | 'fhl';

/** Whether the caller may send the waybill's telegrams: it changes waybills and its company type sends FWB. */
export function useCanSendWaybillTelegrams(): boolean {
  const canWrite = useCan('air_waybills:write');
  const { data: profile } = useProfile();
  return canWrite && profile !== undefined && canSendTelegram(profile.company_business_type, 'FWB');
}

function useSendTelegram(waybill: AirWaybillRecord, kind: Kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      channel: MessageChannel;
      addresses: string[];
      withHouses: boolean;
      houseIds: number[];
    }): Promise<OutgoingMessageSummary[]> => {
      const recipients = { channel: input.channel, addresses: input.addresses };
      if (kind === 'fwb') {
        const body = { ...recipients, with_houses: input.withHouses };
        return (await callApi(waybillTelegramsApi.sendFwb, { params: { id: waybill.id }, body })).data;
      }
      const sent: OutgoingMessageSummary[] = [];
      for (const id of input.houseIds) {
        sent.push(...(await callApi(waybillTelegramsApi.sendFhl, { params: { id }, body: recipients })).data);
      }
      return sent;
    },
    onSettled: () => client.invalidateQueries({ queryKey: OUTGOING }),
  });
}

/** The first message of the check of the recipients (per address or of the list), as a catalogue key. */
function recipientsIssue(kind: Kind, channel: MessageChannel, addresses: string[]): string | undefined {
  const schema = kind === 'fwb' ? sendFwbBody : sendFhlBody;
  const checked = schema.safeParse({ channel, addresses });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

function SendDialog({ waybill, kind, onClose }: { waybill: AirWaybillRecord; kind: Kind; onClose: () => void }) {
  const { t } = useTranslation();
  const w = (key: string) => t(`outgoingMessages.waybill.${key}`);
  const [channel, setChannel] = useState<MessageChannel>('sita');
  const [addresses, setAddresses] = useState<string[]>([]);
  const [withHouses, setWithHouses] = useState(false);
  const houses = useHouses(waybill.mawb);
  const houseList = houses.data?.data ?? [];
  const [houseIds, setHouseIds] = useState<string[] | null>(null);
  const chosenHouses = houseIds ?? houseList.map((h) => String(h.id));
  const [issue, setIssue] = useState<string | null>(null);
  const send = useSendTelegram(waybill, kind);

  const normalise = (values: string[]) =>
    values.map((v) =>
      channel === 'sita' ? v.trim().toUpperCase() : channel === 'email' ? v.trim().toLowerCase() : v.trim(),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (addresses.length === 0 || (kind === 'fhl' && chosenHouses.length === 0)) {
      setIssue(t('validation.messageRequiredFields'));
      return;
    }
    const problem = recipientsIssue(kind, channel, addresses);
    if (problem) {
      setIssue(translateValidation(problem, t) ?? problem);
      return;
    }
    setIssue(null);
    send.mutate(
      { channel, addresses, withHouses, houseIds: chosenHouses.map(Number) },
      {
        onSuccess: (sent) => {
          toast(t('outgoingMessages.waybill.sent', { count: sent.length }));
          onClose();
        },
      },
    );
  };

  const hint =
    channel === 'email'
      ? w('addressesHintEmail')
      : channel === 'sita'
        ? w('addressesHintSita')
        : w('addressesHintWebhook');

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        kind === 'fwb'
          ? t('outgoingMessages.waybill.sendTitleFwb', { mawb: waybill.mawb })
          : t('outgoingMessages.waybill.sendTitleFhl', { mawb: waybill.mawb })
      }
    >
      <form onSubmit={submit} noValidate aria-label={kind === 'fwb' ? w('sendFwb') : w('sendFhl')}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label={w('channel')}
            value={channel}
            onChange={(value) => {
              setChannel(value as MessageChannel);
              setAddresses([]);
            }}
            data={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`outgoingMessages.channels.${c}`) }))}
          />
          <TagsInput
            label={w('addresses')}
            description={hint}
            required
            splitChars={[',', ' ', ';']}
            // A webhook message is one POST: one URL.
            maxTags={channel === 'webhook' ? 1 : MAX_EXPLICIT_ADDRESSES}
            value={addresses}
            onChange={(values) => setAddresses(normalise(values))}
          />
          {kind === 'fwb' && (
            <Checkbox
              label={w('withHouses')}
              checked={withHouses}
              onChange={(event) => setWithHouses(event.currentTarget.checked)}
            />
          )}
          {kind === 'fhl' &&
            (houses.isPending ? (
              <PageLoader />
            ) : houseList.length === 0 ? (
              <Text size="sm" c="dimmed">
                {w('noHouses')}
              </Text>
            ) : (
              <MultiSelect
                label={w('house')}
                value={chosenHouses}
                onChange={setHouseIds}
                data={houseList.map((h) => ({
                  value: String(h.id),
                  label: `${h.serial_number} · ${h.origin_iata}–${h.destination_iata}`,
                }))}
              />
            ))}
          {issue && (
            <Alert color="red" role="alert">
              {issue}
            </Alert>
          )}
          {send.isError && (
            <Alert color="red" role="alert">
              {errorMessage(send.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {w('cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {w('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Send FWB" / "Send FHL" on the waybill's FWB and FHL pages: a dialog with the channel and the addresses. */
export function SendTelegramAction({ waybill, kind }: { waybill: AirWaybillRecord; kind: Kind }) {
  const { t } = useTranslation();
  const allowed = useCanSendWaybillTelegrams();
  const [opened, setOpened] = useState(false);
  if (!allowed || waybill.voided) return null;
  return (
    <>
      <Button size="xs" onClick={() => setOpened(true)}>
        {kind === 'fwb' ? t('outgoingMessages.waybill.sendFwb') : t('outgoingMessages.waybill.sendFhl')}
      </Button>
      {opened && <SendDialog waybill={waybill} kind={kind} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The waybill's outgoing messages (FWB, FHL, FSU ...), newest first, read again while one is on its way. */
export function WaybillOutgoingMessages({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const f = (name: string) => t(`outgoingMessages.fields.${name}`);
  const none = t('outgoingMessages.none');
  const [page, setPage] = useState(1);
  const messages = useQuery({
    queryKey: [...OUTGOING, waybill.id, page],
    queryFn: ({ signal }) =>
      callApi(waybillTelegramsApi.outgoingMessages, {
        params: { id: waybill.id },
        query: { page, per_page: PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((m) => m.status === 'pending' || m.status === 'sending') ? DELIVERY_POLL_MS : false,
  });
  if (messages.isPending) return <PageLoader />;
  if (messages.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(messages.error, t)}
      </Alert>
    );
  }
  const rows = messages.data.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('outgoingMessages.waybill.listTitle')}</Title>
        <Group gap="xs">
          <SendTelegramAction waybill={waybill} kind="fwb" />
          <SendTelegramAction waybill={waybill} kind="fhl" />
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('table.empty')}</Text>
      ) : (
        <Table striped aria-label={t('outgoingMessages.waybill.listTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{f('id')}</Table.Th>
              <Table.Th>{f('created_at')}</Table.Th>
              <Table.Th>{f('message_type')}</Table.Th>
              <Table.Th>{f('event')}</Table.Th>
              <Table.Th>{f('channel')}</Table.Th>
              <Table.Th>{f('to')}</Table.Th>
              <Table.Th>{f('status')}</Table.Th>
              <Table.Th>{f('sent_at')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.id}</Table.Td>
                <Table.Td>
                  <DateTimeText value={m.created_at} withZone />
                </Table.Td>
                <Table.Td>{m.message_type ?? none}</Table.Td>
                <Table.Td>{t(`outgoingMessages.events.${m.event}`)}</Table.Td>
                <Table.Td>{t(`outgoingMessages.channels.${m.channel}`)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{m.to.join(', ') || none}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[m.status]} variant="light">
                    {t(`outgoingMessages.statuses.${m.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{m.sent_at ? <DateTimeText value={m.sent_at} withZone /> : none}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {messages.data.meta.total_pages > 1 && (
        <Pagination size="sm" total={messages.data.meta.total_pages} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
