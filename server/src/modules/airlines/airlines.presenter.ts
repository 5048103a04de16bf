import type { AirlineSettings } from '@aircargo/contract/airline-settings';
import type { AirlineRules, AirlineUiSetting } from '@aircargo/contract/airlines';
import type { Airport } from '@aircargo/contract/reference';
import { CARGO_LIMITS } from '@aircargo/domain';
import type { AirportRow } from './airlines.repository';

/** Seed 001 section 3: a list whose first item carries show_settings. */
export function presentUiSetting(airlineId: number, ui: Record<string, unknown>): AirlineUiSetting {
  return [{ airline_id: airlineId, show_settings: ui.show_settings === true }];
}

export function presentRules(airlineCode: string | null, settings: AirlineSettings): AirlineRules {
  return {
    airline_id: settings.company_id,
    airline_code: airlineCode,
    awb_prefix: settings.awb_prefix,
    interline_accepted_prefixes: settings.interline_accepted_prefixes,
    sales_open_rules: settings.sales_open_rules,
    overflow_weight_percent: settings.overflow_weight_percent,
    overflow_volume_percent: settings.overflow_volume_percent,
    chargeable_ratio: settings.chargeable_ratio,
    minimum_charge_weight: settings.minimum_charge_weight,
    rounding_rule: settings.rounding_rule,
    cargo_limits: {
      average_piece_volume: CARGO_LIMITS.averagePieceVolume,
      average_piece_weight: CARGO_LIMITS.averagePieceWeight,
      weight: CARGO_LIMITS.weight,
      volume: CARGO_LIMITS.volume,
    },
  };
}

/** An airport as the reference book answers it; an airline serves airports, never the synthetic city entries. */
export function presentAirport(row: AirportRow): Airport {
  return { ...row, separator: false };
}
