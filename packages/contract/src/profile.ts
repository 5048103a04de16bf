import { COMPANY_TYPES, LOCALES } from '@aircargo/domain';
import { z } from 'zod';
import { numberFrom } from './common';
import { endpoint } from './endpoint';
import { contactNumber } from './rules';

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
  /** What the current role may do on this host (the carrier header): the web gates its screens on it. */
  permissions: z.array(z.string()),
  /** The current company or membership is blocked: only the profile and the role switch answer (decision 014). */
  access_denied: z.boolean(),
  /** While access is denied: the landing paths of the other usable memberships, each with `?role_id=<id>`. */
  available_urls: z.array(z.string()),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  locale: z.enum(LOCALES).optional(),
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
  /** A contact number: under 25 digits (seed 001 section 5). */
  phone: contactNumber.optional(),
});

export const currentRoleUpdate = z.object({ role_id: numberFrom(z.number().int().positive()) });

const tags = ['profile'];

/** The profile calls of seed 001 section 7. */
export const profileApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/profiles/me',
    permission: 'profile:read',
    tags,
    summary: 'The signed-in user, the current company and role',
    response: profile,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/profiles/me',
    permission: 'profile:update',
    tags,
    summary: 'Update locale, name or phone',
    body: profileUpdate,
    response: profile,
  }),
  availableRoles: endpoint({
    method: 'GET',
    path: '/api/v3/profiles/me/available_roles',
    permission: 'profile:read',
    tags,
    summary: 'Roles the user may switch to',
    response: z.array(availableRole),
  }),
  switchRole: endpoint({
    method: 'PATCH',
    path: '/api/v3/profiles/me/current_role',
    permission: 'profile:switch_role',
    tags,
    summary: 'Switch the current company and role',
    body: currentRoleUpdate,
    response: profile,
  }),
};
