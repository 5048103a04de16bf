import { RecordsPage } from '../components/records-page';

/** Settings / Segment payloads: maximum payload per route, aircraft type and season; XLSX upload. */
export function SegmentPayloadsRoute() {
  return <RecordsPage kind="segmentPayloads" writePermission="capacities:write" />;
}

/** Settings / PAX O&D averages: average passengers per route and aircraft type; XLSX upload. */
export function PaxOdAveragesRoute() {
  return <RecordsPage kind="paxOdAverages" writePermission="capacities:write" />;
}

/** Settings / Baggage averages: baggage per passenger of a route over a period, from the baggage statistics. */
export function BaggageAveragesRoute() {
  return <RecordsPage kind="baggageAverages" writePermission="capacities:write" />;
}

/** Settings / Baggage stats: observed passengers and baggage per flight; create and edit on their own pages. */
export function BaggageStatsRoute() {
  return <RecordsPage kind="baggageStats" writePermission="statistics:write" editPages />;
}
