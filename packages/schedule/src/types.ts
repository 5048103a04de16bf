/** The dated schedule: one leg of one flight on one flight date (decision 017). */
export interface DatedLeg {
  /** Airline designator (`SU`). */
  carrier: string;
  /** Flight number 1-9999. */
  number: number;
  /** Operational suffix, `''` when none. */
  suffix: string;
  /** Flight date: the SSIM period date of the flight (local date of the first leg's departure in local time mode). */
  date: string;
  /** SSIM leg sequence number (1 for the first leg of the flight). */
  legSequence: number;
  origin: string;
  destination: string;
  /** Aircraft departure and arrival as UTC instants, `YYYY-MM-DDTHH:mm:00Z`. */
  std: string;
  sta: string;
  aircraftType: string;
  /** SSIM service type A-X (F scheduled cargo/mail, J scheduled passenger, ...). */
  serviceType: string;
  /** Days from the flight date to the local departure and arrival dates of this leg. */
  dateVariation: { departure: number; arrival: number };
  /** True when the stored leg is cancelled (diff input); expansions never produce cancelled legs. */
  canceled?: boolean;
}

/** The fields a schedule import compares and may change. */
export const COMPARED_FIELDS = ['origin', 'destination', 'std', 'sta', 'aircraftType', 'serviceType'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** `SU1234` or `SU1234A`. */
export function flightDesignator(l: Pick<DatedLeg, 'carrier' | 'number' | 'suffix'>): string {
  return `${l.carrier}${l.number}${l.suffix}`;
}

/** The idempotency key of a leg: flight designator, flight date, leg sequence (`SU1234/2026-03-29/1`). */
export function legKey(l: Pick<DatedLeg, 'carrier' | 'number' | 'suffix' | 'date' | 'legSequence'>): string {
  return `${l.carrier}${l.number}${l.suffix}/${l.date}/${l.legSequence}`;
}

/** The key of a flight: designator and flight date (`SU1234/2026-03-29`). */
export function flightKey(l: Pick<DatedLeg, 'carrier' | 'number' | 'suffix' | 'date'>): string {
  return `${l.carrier}${l.number}${l.suffix}/${l.date}`;
}

/** Airport code -> IANA zone (`SVO` -> `Europe/Moscow`). */
export type Zones = Readonly<Record<string, string>>;
