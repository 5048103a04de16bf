import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { houseCreatePath, shipmentPath, useCalculate } from '../api/air-waybills';
import { type LifecycleAction, useLifecycleAction, type VoidRequest } from '../api/lifecycle';
import { DocumentActions } from './document-actions';
import { PrintAction } from './print-dialog';
import { CancelVoidDialog, ResolveDialog, VoidDialog, VoidPaymentDialog, VoidRequestDialog } from './void-dialogs';
import { CancelVoidRequestButton, useResolvesVoidRequests } from './void-requests';

type Dialog = 'void' | 'cancel_shipment' | 'void_payment' | 'cancel_void' | 'void_request' | 'resolve' | null;

/** What the user may do to the waybill in its state, by the permissions the profile holds (the server checks again). */
export function useWaybillActions(waybill: AirWaybillRecord, openRequest: VoidRequest | null) {
  const { data: profile } = useProfile();
  const forwarder = profile?.company_business_type === 'forwarder';
  const canWrite = useCan('air_waybills:write');
  const canIssue = useCan('air_waybills:issue');
  const canVerify = useCan('air_waybills:verify');
  const canVoid = useCan('air_waybills:void');
  const canHouses = useCan('house_waybills:write');
  const resolves = useResolvesVoidRequests();
  const live = !waybill.voided;
  return {
    edit: canWrite && live,
    calculate: canWrite && live,
    house: canHouses && live,
    issue: canIssue && live && !waybill.issued,
    cancel_issue: canIssue && live && waybill.issued && !waybill.delivered && !waybill.verified,
    verify: canVerify && live && waybill.issued && !waybill.verified,
    cancel_verify: canVerify && live && waybill.verified,
    deliver: canIssue && live && waybill.issued && !waybill.delivered,
    // An airline cancels a waybill not issued yet and voids an issued one; a delivered one stays.
    cancel_shipment: canVoid && !forwarder && live && !waybill.issued,
    void: canVoid && !forwarder && live && waybill.issued && !waybill.delivered,
    void_payment: canVoid && !forwarder && waybill.voided,
    cancel_void: canVoid && !forwarder && waybill.voided,
    void_request: canWrite && forwarder && live && !waybill.delivered && openRequest === null,
    resolve: resolves && openRequest !== null,
  };
}

const LIFECYCLE_COLORS: Record<LifecycleAction, string | undefined> = {
  issue: 'teal',
  cancel_issue: 'orange',
  verify: 'teal',
  cancel_verify: 'orange',
  deliver: 'teal',
};

/** The detail actions of the waybill: each shown only where the user may take it, confirmed or asked in a dialog. */
export function WaybillActions({
  waybill,
  openRequest,
}: {
  waybill: AirWaybillRecord;
  openRequest: VoidRequest | null;
}) {
  const { t } = useTranslation();
  const can = useWaybillActions(waybill, openRequest);
  const lifecycle = useLifecycleAction(waybill.id);
  const calculate = useCalculate(waybill.mawb);
  const [dialog, setDialog] = useState<Dialog>(null);
  const mawb = waybill.mawb;

  const run = async (action: LifecycleAction) => {
    if (
      !(await confirmAction({
        message: t(`airWaybills.confirm.${action}`, { mawb }),
        danger: action.startsWith('cancel'),
      }))
    )
      return;
    lifecycle.mutate(action, {
      onSuccess: () => toast(t(`airWaybills.done.${action}`, { mawb })),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };

  const onCalculate = () =>
    calculate.mutate(undefined, {
      onSuccess: () => toast(t('airWaybills.done.calculated')),
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });

  const close = () => setDialog(null);
  const ref = { id: waybill.id, mawb };
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="waybill-actions">
        <PrintAction waybill={waybill} />
        {can.edit && (
          <Button size="xs" variant="default" component={Link} to={shipmentPath(mawb, 'edit-awb')}>
            {t('airWaybills.actions.edit')}
          </Button>
        )}
        {can.calculate && (
          <Button size="xs" variant="light" loading={calculate.isPending} onClick={onCalculate}>
            {t('airWaybills.actions.calculate')}
          </Button>
        )}
        <DocumentActions waybill={waybill} />
        {can.house && (
          <Button size="xs" variant="light" component={Link} to={houseCreatePath(mawb)}>
            {t('airWaybills.actions.add_house')}
          </Button>
        )}
        {(['issue', 'cancel_issue', 'verify', 'cancel_verify', 'deliver'] as const)
          .filter((action) => can[action])
          .map((action) => (
            <Button
              key={action}
              size="xs"
              variant="light"
              color={LIFECYCLE_COLORS[action]}
              loading={lifecycle.isPending && lifecycle.variables === action}
              disabled={lifecycle.isPending}
              onClick={() => void run(action)}
            >
              {t(`airWaybills.actions.${action}`)}
            </Button>
          ))}
        {can.void_request && (
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('void_request')}>
            {t('airWaybills.actions.request_void')}
          </Button>
        )}
        {openRequest && <CancelVoidRequestButton request={openRequest} />}
        {can.resolve && (
          <Button size="xs" color="orange" onClick={() => setDialog('resolve')}>
            {t('airWaybills.actions.resolve')}
          </Button>
        )}
        {can.cancel_shipment && (
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('cancel_shipment')}>
            {t('airWaybills.actions.cancel_shipment')}
          </Button>
        )}
        {can.void && (
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('void')}>
            {t('airWaybills.actions.void')}
          </Button>
        )}
        {can.void_payment && (
          <Button size="xs" variant="light" onClick={() => setDialog('void_payment')}>
            {t('airWaybills.actions.void_payment')}
          </Button>
        )}
        {can.cancel_void && (
          <Button size="xs" variant="light" color="orange" onClick={() => setDialog('cancel_void')}>
            {t('airWaybills.actions.cancel_void')}
          </Button>
        )}
      </Group>
      {dialog === 'void_request' && <VoidRequestDialog waybill={ref} onClose={close} />}
      {dialog === 'resolve' && openRequest && <ResolveDialog request={openRequest} onClose={close} />}
      {dialog === 'cancel_shipment' && <VoidDialog waybill={ref} cancelling onClose={close} />}
      {dialog === 'void' && <VoidDialog waybill={ref} cancelling={false} onClose={close} />}
      {dialog === 'void_payment' && <VoidPaymentDialog waybill={ref} current={waybill.void_payment} onClose={close} />}
      {dialog === 'cancel_void' && <CancelVoidDialog waybill={ref} onClose={close} />}
    </>
  );
}
