import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import { type Segment, type SegmentAction, useSegmentAction } from '../api/flights';

/**
 * The actions on a flight the profile's permissions allow: edit and cancel (flights:write), sales and lock
 * (flights:operate), each confirmed first. A sales answer's warning (reopening a closed flight) stays on the page.
 */
export function FlightActions({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const canWrite = useCan('flights:write');
  const canOperate = useCan('flights:operate');
  const canCapacity = useCan('capacities:read');
  const action = useSegmentAction(segment.id);
  const [warning, setWarning] = useState<string | null>(null);
  const name = segment.number_with_date;

  const run = async (kind: SegmentAction) => {
    const confirmed = await confirmAction({
      message: t(`flights.confirm.${kind}`, { flight: name }),
      danger: kind === 'cancel',
    });
    if (!confirmed) return;
    setWarning(null);
    action.mutate(kind, {
      onSuccess: (result) => {
        toast(t(`flights.done.${kind}`, { flight: name }));
        // The server's one warning today is the reopening of a closed flight; it is shown in the user's language.
        if (result.warning) setWarning(kind === 'open_sales' ? t('flights.warnings.reopened') : result.warning);
      },
      onError: (error) => toast(errorMessage(error, t, { NotFound: t('flights.errors.notFound') }), 'negative'),
    });
  };

  const busy = action.isPending;
  const live = !segment.canceled;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {canWrite && live && (
          <Button component={Link} to={`/flights/${segment.id}/edit`} variant="default" size="xs">
            {t('common.edit')}
          </Button>
        )}
        {canCapacity && (
          <Button component={Link} to={`/flights/${segment.id}/aircraft-capacity`} variant="default" size="xs">
            {t('flights.actions.capacity')}
          </Button>
        )}
        {canOperate && live && (
          <Button
            size="xs"
            variant="light"
            color={segment.sales_closed ? 'teal' : 'orange'}
            loading={busy && (action.variables === 'open_sales' || action.variables === 'close_sales')}
            disabled={busy}
            onClick={() => void run(segment.sales_closed ? 'open_sales' : 'close_sales')}
          >
            {segment.sales_closed ? t('flights.actions.open_sales') : t('flights.actions.close_sales')}
          </Button>
        )}
        {canOperate && live && (
          <Button
            size="xs"
            variant="light"
            color="grape"
            loading={busy && (action.variables === 'lock' || action.variables === 'unlock')}
            disabled={busy}
            onClick={() => void run(segment.locked ? 'unlock' : 'lock')}
          >
            {segment.locked ? t('flights.actions.unlock') : t('flights.actions.lock')}
          </Button>
        )}
        {canWrite && live && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy && action.variables === 'cancel'}
            disabled={busy}
            onClick={() => void run('cancel')}
          >
            {t('flights.actions.cancel')}
          </Button>
        )}
      </Group>
      {warning && (
        <Alert
          color="yellow"
          mt="sm"
          role="alert"
          title={t('flights.warnings.title')}
          withCloseButton
          onClose={() => setWarning(null)}
          closeButtonLabel={t('flights.warnings.dismiss')}
          w="100%"
        >
          {warning}
        </Alert>
      )}
    </>
  );
}
