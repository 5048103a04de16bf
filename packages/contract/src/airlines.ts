import { ROUNDING_RULES } from '@aircargo/domain';
import { z } from 'zod';
import { salesOpenRule } from './airline-settings';
import { idParam } from './common';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { airport } from './reference';

// Per-airline calls of seed 001 section 7 ("airlines ... airports, ui_setting, rules"). `:id` is the airline's
// company id on the platform (the id airline settings, agreements and flights use), not a reference-book row.

/** One item of an airline's UI settings; the first item carries show_settings (seed 001 section 3). */
export const airlineUiSettingItem = z.object({
  airline_id: z.number().int(),
  /** Opens the Airline settings screen to the airline's own staff. */
  show_settings: z.boolean(),
});
export const airlineUiSetting = z.array(airlineUiSettingItem);
export type AirlineUiSetting = z.infer<typeof airlineUiSetting>;

export const airlineUiSettingUpdate = z.object({ show_settings: z.boolean() }).strict();

/** The rules an airline applies to bookings with it: what a forwarder needs to price and book. */
export const airlineRules = z.object({
  airline_id: z.number().int(),
  airline_code: z.string().nullable(),
  awb_prefix: z.string().nullable(),
  interline_accepted_prefixes: z.array(z.string()),
  sales_open_rules: z.array(salesOpenRule),
  overflow_weight_percent: z.number(),
  overflow_volume_percent: z.number(),
  /** Volume divisor in cm3 per kg. */
  chargeable_ratio: z.number().int(),
  minimum_charge_weight: z.number(),
  rounding_rule: z.enum(ROUNDING_RULES).or(z.string()),
  /** Seed 001 section 9 cargo limits: average piece volume (m3) and weight (kg), weight (kg) and volume (m3). */
  cargo_limits: z.object({
    average_piece_volume: z.number(),
    average_piece_weight: z.number(),
    weight: z.number(),
    volume: z.number(),
  }),
});
export type AirlineRules = z.infer<typeof airlineRules>;

/** PUT /airlines/{id}/airports: the full list of the airports the airline serves. */
export const airlineAirportsUpdate = z.object({
  airports: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, msg('invalidFormat')),
    )
    .max(1000)
    .transform((v) => [...new Set(v)].sort()),
});
export type AirlineAirportsUpdate = z.infer<typeof airlineAirportsUpdate>;

const tags = ['airlines'];

export const airlinesApi = {
  uiSetting: endpoint({
    method: 'GET',
    path: '/api/v3/airlines/:id/ui_setting',
    permission: 'airline_ui_setting:read',
    tags,
    summary: "An airline's UI settings: a list whose first item carries show_settings",
    params: idParam,
    response: airlineUiSetting,
  }),
  updateUiSetting: endpoint({
    method: 'PATCH',
    path: '/api/v3/airlines/:id/ui_setting',
    permission: 'airline_ui_setting:update',
    tags,
    summary: "Open or close the Airline settings screen to the airline's staff (show_settings)",
    params: idParam,
    body: airlineUiSettingUpdate,
    response: airlineUiSetting,
  }),
  rules: endpoint({
    method: 'GET',
    path: '/api/v3/airlines/:id/rules',
    permission: 'airline_rules:read',
    tags,
    summary: "An airline's booking rules: chargeable ratio, rounding, minimum weight, sales windows, cargo limits",
    params: idParam,
    response: airlineRules,
  }),
  airports: endpoint({
    method: 'GET',
    path: '/api/v3/airlines/:id/airports',
    permission: 'airline_airports:read',
    tags,
    summary: 'The airports an airline serves',
    params: idParam,
    response: z.array(airport),
  }),
  updateAirports: endpoint({
    method: 'PUT',
    path: '/api/v3/airlines/:id/airports',
    permission: 'airline_airports:update',
    tags,
    summary: 'Replace the list of airports an airline serves',
    params: idParam,
    body: airlineAirportsUpdate,
    response: z.array(airport),
  }),
};
