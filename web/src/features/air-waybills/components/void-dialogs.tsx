import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextareaField } from '@/components/form/textarea-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  cancelVoidForm,
  resolveForm,
  useCancelVoid,
  useRequestVoid,
  useResolveVoidRequest,
  useVoid,
  useVoidPayment,
  type VoidRequest,
  voidForm,
  voidPaymentForm,
  voidRequestForm,
} from '../api/lifecycle';

interface WaybillRef {
  id: number;
  mawb: string;
}

function Failure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert color="red" role="alert" mb="md">
      {text}
    </Alert>
  );
}

function Actions({
  onClose,
  label,
  pending,
  color,
}: {
  onClose: () => void;
  label: string;
  pending: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onClose}>
        {t('confirm.cancel')}
      </Button>
      <Button type="submit" color={color} loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

/** The forwarder asks the airline to void the waybill, saying why. */
export function VoidRequestDialog({ waybill, onClose }: { waybill: WaybillRef; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useRequestVoid(waybill.id);
  const form = useZodForm(voidRequestForm, { defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await request.mutateAsync(values);
      toast(t('airWaybills.done.void_requested'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('airWaybills.dialogs.voidRequest', { mawb: waybill.mawb })}>
      <form onSubmit={onSubmit} noValidate>
        <Failure text={failure} />
        <TextareaField control={form.control} name="reason" label={t('airWaybills.fields.request_reason')} rows={3} />
        <Actions onClose={onClose} label={t('airWaybills.actions.request_void')} pending={request.isPending} />
      </form>
    </Modal>
  );
}

/** The airline accepts or declines a void request, with a reason and whether the void is to be paid. */
export function ResolveDialog({ request, onClose }: { request: VoidRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveVoidRequest();
  const form = useZodForm(resolveForm, {
    defaultValues: { decision: 'accept', reason: '', payment_needed: false },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const decision = form.watch('decision');
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resolve.mutateAsync({ id: request.id, body: values });
      toast(
        t(values.decision === 'accept' ? 'airWaybills.done.request_accepted' : 'airWaybills.done.request_declined'),
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('airWaybills.dialogs.resolve', { mawb: request.mawb })}>
      <form onSubmit={onSubmit} noValidate>
        <Failure text={failure} />
        <Stack gap="sm">
          <Text size="sm">
            <Text component="span" fw={600} inherit>
              {t('airWaybills.fields.request_reason')}:
            </Text>{' '}
            {request.request_reason ?? '—'}
          </Text>
          <Controller
            control={form.control}
            name="decision"
            render={({ field }) => (
              <Radio.Group label={t('airWaybills.fields.decision')} value={field.value} onChange={field.onChange}>
                <Group mt={4}>
                  <Radio value="accept" label={t('airWaybills.decisions.accept')} />
                  <Radio value="decline" label={t('airWaybills.decisions.decline')} />
                </Group>
              </Radio.Group>
            )}
          />
          <TextareaField control={form.control} name="reason" label={t('airWaybills.fields.resolve_reason')} rows={3} />
          {decision === 'accept' && (
            <CheckboxField
              control={form.control}
              name="payment_needed"
              label={t('airWaybills.fields.payment_needed')}
            />
          )}
        </Stack>
        <Actions
          onClose={onClose}
          label={t('airWaybills.actions.resolve')}
          pending={resolve.isPending}
          color={decision === 'decline' ? 'red' : undefined}
        />
      </form>
    </Modal>
  );
}

function PaymentChoice({ control }: { control: ReturnType<typeof useZodForm<typeof voidForm>>['control'] }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="void_payment"
      render={({ field, fieldState }) => (
        <Radio.Group
          label={t('airWaybills.fields.void_payment')}
          value={field.value ?? null}
          onChange={field.onChange}
          error={fieldState.error ? t('validation.required') : undefined}
        >
          <Group mt={4}>
            <Radio value="required" label={t('airWaybills.voidPaymentValues.required')} />
            <Radio value="not_required" label={t('airWaybills.voidPaymentValues.not_required')} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/**
 * The airline voids the waybill (an issued one: "Void"; one not yet issued: "Cancel shipment"), with the reason and
 * whether the void is to be paid. Voiding blocks the number for good.
 */
export function VoidDialog({
  waybill,
  cancelling,
  onClose,
}: {
  waybill: WaybillRef;
  cancelling: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const voiding = useVoid(waybill.id);
  const form = useZodForm(voidForm, {
    defaultValues: { reason: '', void_payment: cancelling ? 'not_required' : undefined },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await voiding.mutateAsync(values);
      toast(t(cancelling ? 'airWaybills.done.cancelled' : 'airWaybills.done.voided'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  const title = cancelling ? 'airWaybills.dialogs.cancelShipment' : 'airWaybills.dialogs.void';
  return (
    <Modal opened onClose={onClose} title={t(title, { mawb: waybill.mawb })}>
      <form onSubmit={onSubmit} noValidate>
        <Failure text={failure} />
        <Stack gap="sm">
          <Text size="sm" c="red">
            {t('airWaybills.voidIrreversible')}
          </Text>
          <TextareaField control={form.control} name="reason" label={t('airWaybills.fields.void_reason')} rows={3} />
          <PaymentChoice control={form.control} />
        </Stack>
        <Actions
          onClose={onClose}
          label={t(cancelling ? 'airWaybills.actions.cancel_shipment' : 'airWaybills.actions.void')}
          pending={voiding.isPending}
          color="red"
        />
      </form>
    </Modal>
  );
}

/** The airline changes whether the void of a voided waybill is to be paid. */
export function VoidPaymentDialog({
  waybill,
  current,
  onClose,
}: {
  waybill: WaybillRef;
  current: 'required' | 'not_required' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useVoidPayment(waybill.id);
  const form = useZodForm(voidPaymentForm, { defaultValues: { void_payment: current ?? undefined } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      toast(t('airWaybills.done.void_payment'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('airWaybills.dialogs.voidPayment', { mawb: waybill.mawb })}>
      <form onSubmit={onSubmit} noValidate>
        <Failure text={failure} />
        <Controller
          control={form.control}
          name="void_payment"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={t('airWaybills.fields.void_payment')}
              value={field.value ?? null}
              onChange={field.onChange}
              error={fieldState.error ? t('validation.required') : undefined}
            >
              <Group mt={4}>
                <Radio value="required" label={t('airWaybills.voidPaymentValues.required')} />
                <Radio value="not_required" label={t('airWaybills.voidPaymentValues.not_required')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Actions onClose={onClose} label={t('common.save')} pending={update.isPending} />
      </form>
    </Modal>
  );
}

/** The airline restores a voided waybill, saying why; its number stays blocked for any other waybill. */
export function CancelVoidDialog({ waybill, onClose }: { waybill: WaybillRef; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelVoid(waybill.id);
  const form = useZodForm(cancelVoidForm, { defaultValues: { cancel_reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await cancel.mutateAsync(values);
      toast(t('airWaybills.done.void_cancelled'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('airWaybills.dialogs.cancelVoid', { mawb: waybill.mawb })}>
      <form onSubmit={onSubmit} noValidate>
        <Failure text={failure} />
        <TextareaField
          control={form.control}
          name="cancel_reason"
          label={t('airWaybills.fields.void_cancel_reason')}
          rows={3}
        />
        <Actions onClose={onClose} label={t('airWaybills.actions.cancel_void')} pending={cancel.isPending} />
      </form>
    </Modal>
  );
}
