import { COMPANY_TYPES, LOCALES } from '@aircargo/domain';
import { z } from 'zod';

export const availableRole = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  type_role: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_short_name: z.string(),
  current: z.boolean(),
});
export type AvailableRole = z.infer<typeof availableRole>;

/** The current profile, every field of seed 001 section 3 "User and session". */
export const profile = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company_short_name: z.string().nullable(),
  company_local_name: z.string().nullable(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  locale: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  system: z.boolean(),
  operations_type: z.string().nullable(),
  company_business_type: z.enum(COMPANY_TYPES),
  airline_code: z.string().nullable(),
  permitted_carriers: z.array(z.string()),
  permitted_external_airlines: z.array(z.string()),
  stations_allowed: z.array(z.string()),
  stations_denied: z.array(z.string()),
  locations: z.array(z.string()),
  bi_dashboard_id: z.string().nullable(),
  has_access_to_new_air_waybills_page: z.boolean(),
  ui_settings: z.record(z.string(), z.unknown()),
  airline_ui_settings: z.array(z.object({ show_settings: z.boolean() })),
  available_roles: z.array(availableRole),
  permissions: z.array(z.string()),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  locale: z.enum(LOCALES).optional(),
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+\d\s()-]*$/, 'invalid format')
    .optional(),
});

export const currentRoleUpdate = z.object({ role_id: z.coerce.number().int().positive() });
