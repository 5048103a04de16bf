import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download/download-button';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/lib/time/date-time';
import {
  LABEL_FORMATS,
  type LabelFormat,
  labelsFileName,
  labelsPath,
  shipperLetterForm,
  sliFileName,
  sliPath,
  useSendShipperLetter,
} from '../api/documents';

const STATION = /^[A-Z]{3}$/;

/** Labels: the printing station, A4 sheets or 4x6 labels, with or without the house labels; then the download. */
export function LabelsDialog({ waybill, onClose }: { waybill: AirWaybillRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [station, setStation] = useState(waybill.origin_iata);
  const [format, setFormat] = useState<LabelFormat>('4x6');
  const [houses, setHouses] = useState(true);
  const valid = STATION.test(station);
  return (
    <Modal opened onClose={onClose} title={t('waybillLabels.labels.title', { mawb: waybill.mawb })}>
      <Stack>
        <TextInput
          label={t('waybillLabels.labels.station')}
          description={t('waybillLabels.labels.stationHint')}
          value={station}
          maxLength={3}
          onChange={(event) => setStation(event.currentTarget.value.trim().toUpperCase())}
          error={valid ? undefined : t('waybillLabels.labels.stationInvalid')}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('waybillLabels.labels.format')}
          </Text>
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as LabelFormat)}
            data={LABEL_FORMATS.map((value) => ({ value, label: t(`waybillLabels.labels.formats.${value}`) }))}
          />
        </div>
        <Switch
          label={t('waybillLabels.labels.houses')}
          checked={houses}
          onChange={(event) => setHouses(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {t('waybillLabels.labels.count', { pieces: waybill.pieces })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <DownloadButton
            path={labelsPath(waybill.id)}
            query={{ station, format, houses: String(houses) }}
            fallbackName={labelsFileName(waybill.mawb)}
            label={t('waybillLabels.labels.download')}
            disabled={!valid}
          />
        </Group>
      </Stack>
    </Modal>
  );
}

/** The shipper's letter: download it, and send it by e-mail (to the given addresses, else to oneself). */
export function ShipperLetterDialog({ waybill, onClose }: { waybill: AirWaybillRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const canWrite = useCan('air_waybills:write');
  const send = useSendShipperLetter(waybill.id);
  const form = useZodForm(shipperLetterForm, { defaultValues: { emails: [] } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const state = await send.mutateAsync(values);
      toast(t('waybillLabels.sli.sent', { to: state.sent_to.join(', ') }));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  });
  const emailsError = form.formState.errors.emails;
  return (
    <Modal opened onClose={onClose} title={t('waybillLabels.sli.title', { mawb: waybill.mawb })}>
      <Stack>
        <Text size="sm" data-testid="sli-state">
          {waybill.sli_sent_at
            ? t('waybillLabels.sli.sentAt', { at: `${formatDateTime(waybill.sli_sent_at, { utc: true })} UTC` })
            : t('waybillLabels.sli.notSent')}
          {waybill.sli_accepted !== null &&
            ` · ${t(waybill.sli_accepted ? 'waybillLabels.sli.accepted' : 'waybillLabels.sli.declined')}`}
        </Text>
        <DownloadButton
          path={sliPath(waybill.id)}
          fallbackName={sliFileName(waybill.mawb)}
          label={t('waybillLabels.sli.download')}
        />
        {canWrite && (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              {!waybill.can_send_sli && <Alert color="yellow">{t('waybillLabels.sli.cannotSend')}</Alert>}
              <Controller
                control={form.control}
                name="emails"
                render={({ field }) => (
                  <TagsInput
                    label={t('waybillLabels.sli.emails')}
                    description={t('waybillLabels.sli.emailsHint')}
                    value={field.value ?? []}
                    onChange={(values) => field.onChange(values.map((v) => v.trim()))}
                    onBlur={field.onBlur}
                    error={emailsError ? t('waybillLabels.sli.emailsInvalid') : undefined}
                  />
                )}
              />
              <Text size="xs" c="dimmed">
                {t('waybillLabels.sli.noAttachment')}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('confirm.cancel')}
                </Button>
                <Button type="submit" loading={send.isPending} disabled={!waybill.can_send_sli}>
                  {t('waybillLabels.sli.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}

/** The detail actions "Labels" and "Shipper letter" with their dialogs. */
export function DocumentActions({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'labels' | 'sli' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setDialog('labels')}>
        {t('waybillLabels.actions.labels')}
      </Button>
      <Button size="xs" variant="light" onClick={() => setDialog('sli')}>
        {t('waybillLabels.actions.sli')}
      </Button>
      {dialog === 'labels' && <LabelsDialog waybill={waybill} onClose={close} />}
      {dialog === 'sli' && <ShipperLetterDialog waybill={waybill} onClose={close} />}
    </>
  );
}
