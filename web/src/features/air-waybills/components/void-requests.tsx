import { Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { useCancelVoidRequest, type VoidRequest } from '../api/lifecycle';
import { ResolveDialog } from './void-dialogs';

const STATUS_COLORS: Record<VoidRequest['status'], string> = { requested: 'yellow', accepted: 'teal', declined: 'red' };

/** "In progress", "Accepted" or "Declined". */
export function VoidRequestStatus({ status }: { status: VoidRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`airWaybills.voidRequestStatuses.${status}`)}
    </Badge>
  );
}

/** The airline (and the platform) resolves void requests: the void permission, not a forwarder. */
export function useResolvesVoidRequests(): boolean {
  const canVoid = useCan('air_waybills:void');
  const { data: profile } = useProfile();
  return canVoid && profile?.company_business_type !== 'forwarder';
}

/** The forwarder withdraws its own request while it is in progress (confirmed first). */
export function CancelVoidRequestButton({ request }: { request: VoidRequest }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write');
  const { data: profile } = useProfile();
  const cancel = useCancelVoidRequest();
  if (!canWrite || profile?.company_business_type !== 'forwarder' || request.status !== 'requested') return null;
  const onClick = async () => {
    if (!(await confirmAction({ message: t('airWaybills.confirm.cancel_void_request', { mawb: request.mawb }) })))
      return;
    cancel.mutate(request.id, {
      onSuccess: () => toast(t('airWaybills.done.void_request_cancelled')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };
  return (
    <Button size="compact-xs" variant="light" color="gray" loading={cancel.isPending} onClick={() => void onClick()}>
      {t('airWaybills.actions.cancel_void_request')}
    </Button>
  );
}

/** The void requests of one waybill, newest first, with resolve and withdraw where allowed. */
export function VoidRequestsTable({ requests }: { requests: VoidRequest[] }) {
  const { t } = useTranslation();
  const resolves = useResolvesVoidRequests();
  const [resolving, setResolving] = useState<VoidRequest | null>(null);
  if (requests.length === 0) {
    return (
      <Text c="dimmed" ta="center">
        {t('airWaybills.empty.voidRequests')}
      </Text>
    );
  }
  return (
    <>
      <Table striped verticalSpacing="xs" data-testid="void-requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('airWaybills.fields.requested_at')}</Table.Th>
            <Table.Th>{t('airWaybills.columns.status')}</Table.Th>
            <Table.Th>{t('airWaybills.fields.request_reason')}</Table.Th>
            <Table.Th>{t('airWaybills.fields.resolve_reason')}</Table.Th>
            <Table.Th>{t('airWaybills.columns.payment')}</Table.Th>
            <Table.Th>{t('airWaybills.fields.requested_by')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <DateTimeText value={request.created_at} withZone />
              </Table.Td>
              <Table.Td>
                <VoidRequestStatus status={request.status} />
              </Table.Td>
              <Table.Td>{request.request_reason}</Table.Td>
              <Table.Td>{request.resolve_reason ?? '—'}</Table.Td>
              <Table.Td>
                {request.payment_required === null
                  ? '—'
                  : t(request.payment_required ? 'airWaybills.paymentNeeded' : 'airWaybills.paymentNotNeeded')}
              </Table.Td>
              <Table.Td>{request.requested_by_email ?? request.forwarder_short_name}</Table.Td>
              <Table.Td>
                {request.status === 'requested' && resolves && (
                  <Button size="compact-xs" onClick={() => setResolving(request)}>
                    {t('airWaybills.actions.resolve')}
                  </Button>
                )}
                <CancelVoidRequestButton request={request} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {resolving && <ResolveDialog request={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
