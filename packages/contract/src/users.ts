import { PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import { z } from 'zod';
import { emailAddress, idParam, numberFrom, paginated } from './common';
import { booleanParam, listQuery, optionalText } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

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
  email: emailAddress,
  roles,
  description: optionalText(500),
  firstname: optionalText(100),
  lastname: optionalText(100),
  password: z.string().min(PASSWORD_MIN_LENGTH, msg('passwordTooShort')).max(200).optional(),
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
  id: numberFrom(z.number().int().positive().max(2_147_483_647)),
  user_id: numberFrom(z.number().int().positive().max(2_147_483_647)),
});

/** An invitation as its invitee sees it: the company and the roles offered. */
export const invitation = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_short_name: z.string(),
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** The answer to adding an account that exists already: the same whoever it is (no names, no company). */
export const invitationSent = z.object({ message: z.string(), email: z.string() });

export const invitationParams = z.object({ id: numberFrom(z.number().int().positive().max(2_147_483_647)) });
export const banUpdate = z.object({ banned: z.boolean() });

const tags = ['company users'];

/** The user-management calls of seed 001 section 7 (user profiles of a company). */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/companies/:id/user_profiles',
    permission: 'company_users:read',
    tags,
    summary: 'The users of a company with their roles there',
    params: idParam,
    query: companyUsersQuery,
    response: paginated(companyUser),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/companies/:id/user_profiles',
    permission: 'company_users:create',
    tags,
    summary:
      'Add a new system user to a company with roles (201), or invite an existing account, which must accept (202)',
    params: idParam,
    body: companyUserCreate,
    // 201 with the new user, or 202 with the invitation notice.
    response: z.union([companyUser, invitationSent]),
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/companies/:id/user_profiles/:user_id',
    permission: 'company_users:update',
    tags,
    summary: "Remove a user's memberships in a company (the account stays)",
    params: companyUserParams,
    response: null,
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/api/v3/invitations',
    permission: 'invitations:respond',
    tags,
    summary: 'The pending invitations of the signed-in user',
    response: z.array(invitation),
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/v3/invitations/:id/accept',
    permission: 'invitations:respond',
    tags,
    summary: 'Accept an invitation: the memberships are created',
    params: invitationParams,
    response: null,
  }),
  declineInvitation: endpoint({
    method: 'POST',
    path: '/api/v3/invitations/:id/decline',
    permission: 'invitations:respond',
    tags,
    summary: 'Decline an invitation',
    params: invitationParams,
    response: null,
  }),
  ban: endpoint({
    method: 'PUT',
    path: '/api/v3/users/:id/ban',
    permission: 'users:ban',
    tags,
    summary: 'Ban (or lift the ban of) an account everywhere: its sessions end and it cannot sign in',
    params: invitationParams,
    body: banUpdate,
    response: null,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/companies/:id/user_profiles/:user_id',
    permission: 'company_users:update',
    tags,
    summary: "Replace a user's roles in a company, set the description, block or unblock",
    params: companyUserParams,
    body: companyUserUpdate,
    response: companyUser,
  }),
};
