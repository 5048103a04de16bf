import { PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import { z } from 'zod';
import { booleanParam, listQuery, optionalText } from './companies';

/** Role names as the UI writes them: `default` is the operator role (`operator` is accepted too). */
export const ROLE_NAMES = ['admin', 'default', 'operator', 'manager', 'billing', 'ics_inspector'] as const;
export const roleNameParam = z.enum(ROLE_NAMES);

/** One role of a user in a company: the membership (user profile) id and the role name. */
export const companyUserRole = z.object({ id: z.number().int(), name: z.string() });

/**
 * A user of a company (seed 001 "User (management list)"). `roles` is empty in platform and visitor companies, which
 * have no roles; `blocked` is true when the user's access to this company is blocked.
 */
export const companyUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  roles: z.array(companyUserRole),
  description: z.string().nullable(),
  blocked: z.boolean(),
});
export type CompanyUser = z.infer<typeof companyUser>;

export const companyUsersQuery = listQuery(['id', 'email', 'firstname', 'lastname']).extend({
  blocked: booleanParam.optional(),
  role: roleNameParam.optional(),
});
export type CompanyUsersQuery = z.infer<typeof companyUsersQuery>;

const roles = z
  .array(roleNameParam)
  .max(ROLE_NAMES.length)
  .transform((v) => [...new Set(v)]);

/**
 * POST /companies/{id}/user_profiles: adds the user with this e-mail to the company, or creates the user when no
 * account has the e-mail (then `password` is required; names and password are ignored for an existing user).
 */
export const companyUserCreate = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  roles,
  description: optionalText(500),
  firstname: optionalText(100),
  lastname: optionalText(100),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`)
    .max(200)
    .optional(),
});
export type CompanyUserCreate = z.infer<typeof companyUserCreate>;

/** PATCH /companies/{id}/user_profiles/{user_id}: replace the roles, set the description, block or unblock. */
export const companyUserUpdate = z.object({
  roles: roles.optional(),
  description: optionalText(500),
  blocked: z.boolean().optional(),
});
export type CompanyUserUpdate = z.infer<typeof companyUserUpdate>;

export const companyUserParams = z.object({
  id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive(),
});
