import type { AirlineSettings } from '@aircargo/contract/airline-settings';
import type { AirlineSettingsRow } from './airline-settings.repository';

/** What an airline without a stored row answers: the column defaults of the airline_settings table. */
export const DEFAULT_AIRLINE_SETTINGS: Omit<AirlineSettingsRow, 'company_id' | 'created_at' | 'updated_at'> = {
  awb_prefix: null,
  interline_accepted_prefixes: [],
  sales_open_rules: [],
  overflow_weight_percent: '0',
  overflow_volume_percent: '0',
  pax_weights: { summer: 75, winter: 80 },
  auto_billing: false,
  auto_awb_verification: false,
  chargeable_ratio: 6000,
  minimum_charge_weight: '0',
  rounding_rule: 'up_0_5',
  billing_date_source: 'issue',
};

/** The settings of an airline; `numeric` columns (strings in the driver) become numbers. */
export function presentAirlineSettings(
  companyId: number,
  row: Omit<AirlineSettingsRow, 'company_id' | 'created_at' | 'updated_at'>,
): AirlineSettings {
  return {
    company_id: companyId,
    awb_prefix: row.awb_prefix,
    interline_accepted_prefixes: row.interline_accepted_prefixes,
    sales_open_rules: row.sales_open_rules.map((r) => ({
      open_days_before_std: r.open_days_before_std,
      close_hours_before_std: r.close_hours_before_std,
    })),
    overflow_weight_percent: Number(row.overflow_weight_percent),
    overflow_volume_percent: Number(row.overflow_volume_percent),
    pax_weights: { summer: row.pax_weights.summer, winter: row.pax_weights.winter },
    auto_billing: row.auto_billing,
    auto_awb_verification: row.auto_awb_verification,
    chargeable_ratio: row.chargeable_ratio,
    minimum_charge_weight: Number(row.minimum_charge_weight),
    rounding_rule: row.rounding_rule,
    billing_date_source: row.billing_date_source,
  };
}
