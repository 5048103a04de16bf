import { BILLING_DATE_SOURCES, ROUNDING_RULES } from '@aircargo/domain';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { msg } from './messages';

const awbPrefix = z.string().regex(/^\d{3}$/, msg('exactDigits', { length: 3 }));

/** Sales open `open_days_before_std` days and close `close_hours_before_std` hours before departure. */
export const salesOpenRule = z.object({
  open_days_before_std: z.number().int().min(0).max(366),
  close_hours_before_std: z
    .number()
    .int()
    .min(0)
    .max(366 * 24),
});

export const paxWeights = z.object({ summer: z.number(), winter: z.number() });

/** Seed 001 section 3 Airline settings. Percentages and weights are numbers. */
export const airlineSettings = z.object({
  company_id: z.number().int(),
  awb_prefix: z.string().nullable(),
  interline_accepted_prefixes: z.array(z.string()),
  sales_open_rules: z.array(salesOpenRule),
  overflow_weight_percent: z.number(),
  overflow_volume_percent: z.number(),
  pax_weights: paxWeights,
  auto_billing: z.boolean(),
  auto_awb_verification: z.boolean(),
  /** Volume divisor in cm3 per kg, e.g. 6000. */
  chargeable_ratio: z.number().int(),
  minimum_charge_weight: z.number(),
  rounding_rule: z.string(),
  billing_date_source: z.string(),
});
export type AirlineSettings = z.infer<typeof airlineSettings>;

const percent = z
  .number()
  .min(0)
  .max(100)
  .multipleOf(0.01, msg('decimalPlaces', { digits: 2 }));
const paxWeight = z.number().positive().max(500);

/** PATCH /airline_settings: the fields given replace the stored ones; a missing row is created with defaults. */
export const airlineSettingsUpdate = z.object({
  awb_prefix: awbPrefix.nullable().optional(),
  interline_accepted_prefixes: z
    .array(awbPrefix)
    .max(200)
    .transform((v) => [...new Set(v)])
    .optional(),
  sales_open_rules: z
    .array(
      salesOpenRule.refine((r) => r.open_days_before_std * 24 > r.close_hours_before_std, {
        message: msg('salesOpenBeforeClose'),
        path: ['close_hours_before_std'],
      }),
    )
    .max(20)
    .optional(),
  overflow_weight_percent: percent.optional(),
  overflow_volume_percent: percent.optional(),
  pax_weights: z.object({ summer: paxWeight, winter: paxWeight }).optional(),
  auto_billing: z.boolean().optional(),
  auto_awb_verification: z.boolean().optional(),
  chargeable_ratio: z.number().int().min(1).max(100_000).optional(),
  minimum_charge_weight: z
    .number()
    .min(0)
    .max(99_999_999.99)
    .multipleOf(0.01, msg('decimalPlaces', { digits: 2 }))
    .optional(),
  rounding_rule: z.enum(ROUNDING_RULES).optional(),
  billing_date_source: z.enum(BILLING_DATE_SOURCES).optional(),
});
export type AirlineSettingsUpdate = z.infer<typeof airlineSettingsUpdate>;

/** The airline: the caller's own; the platform names it. */
export const airlineSettingsQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });

const tags = ['airline settings'];

/** The airline settings call of seed 001 section 7. */
export const airlineSettingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/airline_settings',
    permission: 'airline_settings:read',
    tags,
    summary: "The caller's airline settings (the platform names the airline with company_id)",
    query: airlineSettingsQuery,
    response: airlineSettings,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/airline_settings',
    permission: 'airline_settings:update',
    tags,
    summary: "Update the caller's airline settings (the platform names the airline with company_id)",
    query: airlineSettingsQuery,
    body: airlineSettingsUpdate,
    response: airlineSettings,
  }),
};
