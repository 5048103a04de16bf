import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHouseWaybills } from '../api/house-waybills';

/** The master's pieces and weight beside what its houses already hold: the room the house form has. */
export function HouseTotals({ mawb }: { mawb: string }) {
  const { t } = useTranslation();
  const houses = useHouseWaybills(mawb);
  const totals = houses.data?.totals;
  if (!totals) return null;
  return (
    <Alert color="blue" mb="md" data-testid="house-totals">
      {t('airWaybillForms.house.totals', {
        count: houses.data?.data.length ?? 0,
        pieces: totals.pieces,
        weight: totals.weight_kg,
        masterPieces: totals.master_pieces,
        masterWeight: totals.master_weight_kg,
      })}
    </Alert>
  );
}
