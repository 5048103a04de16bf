import type { RouteRejection } from '@aircargo/contract/route-search';
import { List } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Route } from '../api/offers';

/** Why a candidate cannot be booked, in the interface language, with the figures the server gives. */
export function reasonText(r: RouteRejection, route: Route | null, t: TFunction): string {
  const base = t(`offers.reasons.${r.reason}`);
  const flight = route?.segments.find((s) => s.segment_id === r.segment_id)?.number_with_date;
  const parts: string[] = [];
  if (r.reason === 'connection_not_workable' && r.connection_minutes !== null && r.minimum_minutes !== null) {
    parts.push(
      t('offers.reasonDetails.connection', {
        airport: r.airport ?? '',
        minutes: r.connection_minutes,
        minimum: r.minimum_minutes,
      }),
    );
  } else if (r.reason === 'no_capacity' && r.available_weight !== null) {
    parts.push(t('offers.reasonDetails.capacity', { weight: r.available_weight, volume: r.available_volume ?? 0 }));
  } else if (r.reason === 'interline_not_allowed' && r.carrier && r.other_carrier) {
    parts.push(t('offers.reasonDetails.interline', { carrier: r.carrier, other: r.other_carrier }));
  } else if (r.carrier) {
    parts.push(r.carrier);
  }
  if (r.details.length > 0) parts.push(r.details.join(', '));
  if (flight) parts.push(flight);
  return parts.length > 0 ? `${base}: ${parts.join('; ')}` : base;
}

/** The list of reasons of one candidate. */
export function ReasonList({ route }: { route: Route }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2} aria-label={t('offers.explain.why')}>
      {route.reasons.map((r) => (
        <List.Item key={`${r.reason}-${r.segment_id ?? ''}-${r.carrier ?? ''}-${r.airport ?? ''}`}>
          {reasonText(r, route, t)}
        </List.Item>
      ))}
    </List>
  );
}
