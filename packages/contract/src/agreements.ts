import { CURRENCIES } from '@aircargo/domain';
import { z } from 'zod';
import { idParam, isoDate, paginated } from './common';
import { booleanParam, companyType, listQuery, optionalText, refId } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { optionalLatinText, refineTaxNumber } from './rules';

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is refused). */
export const calendarDate = isoDate;

export const agreementParty = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });

/** Seed 001 section 3 Agreement, response shape. `active`: today lies between the effective dates. */
export const agreement = z.object({
  id: z.number().int(),
  supplier: agreementParty,
  client: agreementParty,
  client_local_name: z.string().nullable(),
  street: z.string().nullable(),
  local_street: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  tax_number: z.string().nullable(),
  account_number: z.string().nullable(),
  currency: z.string(),
  sales_origins: z.array(z.string()),
  show_tariffs: z.boolean(),
  beneficiary: z.string().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  contract_number: z.string().nullable(),
  balance_check_disabled: z.boolean(),
  additional_prefixes: z.array(z.string()),
  smart_contract: z.boolean(),
  active: z.boolean(),
  allowed_manual_routes: z.boolean(),
});
export type Agreement = z.infer<typeof agreement>;

const agreementFields = {
  /** The airline; an airline caller may omit it (it is always the caller's own company). */
  supplier_id: refId.optional(),
  client_local_name: optionalText(200),
  street: optionalLatinText(500),
  local_street: optionalText(500),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('exactLength', { length: 2 }))
    .nullable()
    .optional(),
  city: optionalLatinText(100),
  /** The client's INN when the country is Russia: 10 or 12 digits. */
  tax_number: optionalText(50),
  account_number: optionalText(50),
  sales_origins: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, msg('invalidFormat')),
    )
    .max(200)
    .transform((v) => [...new Set(v)])
    .optional(),
  show_tariffs: z.boolean().optional(),
  beneficiary: optionalText(200),
  effective_to: calendarDate.nullable().optional(),
  contract_number: optionalText(100),
  balance_check_disabled: z.boolean().optional(),
  /** Further three-digit AWB prefixes the client may use under this agreement. */
  additional_prefixes: z
    .array(z.string().regex(/^\d{3}$/, msg('exactDigits', { length: 3 })))
    .max(50)
    .transform((v) => [...new Set(v)])
    .optional(),
  smart_contract: z.boolean().optional(),
  allowed_manual_routes: z.boolean().optional(),
};

const datesInOrder = (v: { effective_from?: string; effective_to?: string | null }) =>
  !v.effective_from || !v.effective_to || v.effective_to >= v.effective_from;
const datesMessage = { message: msg('dateOrder', { field: 'effective_from' }), path: ['effective_to'] };

/** POST /agreements. */
export const agreementCreate = z
  .object({
    ...agreementFields,
    client_id: refId,
    currency: z.enum(CURRENCIES),
    effective_from: calendarDate,
  })
  .refine(datesInOrder, datesMessage)
  .superRefine(refineTaxNumber);
export type AgreementCreate = z.infer<typeof agreementCreate>;

/** PATCH /agreements/{id}: any field; the dates are checked again against the stored ones. */
export const agreementUpdate = z
  .object({
    ...agreementFields,
    client_id: refId.optional(),
    currency: z.enum(CURRENCIES).optional(),
    effective_from: calendarDate.optional(),
  })
  .refine(datesInOrder, datesMessage);
export type AgreementUpdate = z.infer<typeof agreementUpdate>;

const agreementSort = ['id', 'effective_from', 'effective_to', 'contract_number', 'currency', 'created_at'] as const;

/** GET /agreements (an airline sees the agreements where it is the supplier). */
export const agreementsQuery = listQuery(agreementSort).extend({
  client_id: z.coerce.number().int().positive().optional(),
  supplier_id: z.coerce.number().int().positive().optional(),
  active: booleanParam.optional(),
});
export type AgreementsQuery = z.infer<typeof agreementsQuery>;

/** GET /agent/agreements (a forwarder sees the agreements where it is the client). */
export const agentAgreementsQuery = listQuery(agreementSort).extend({
  supplier_id: z.coerce.number().int().positive().optional(),
  active: booleanParam.optional(),
});
export type AgentAgreementsQuery = z.infer<typeof agentAgreementsQuery>;

/** GET /agreements/companies: the companies an agreement may name. */
export const agreementCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  company_type: companyType,
});
export type AgreementCompany = z.infer<typeof agreementCompany>;

export const agreementCompaniesQuery = listQuery(['id', 'name', 'short_name']).extend({
  company_type: z.enum(['airline', 'forwarder']).optional(),
});
export type AgreementCompaniesQuery = z.infer<typeof agreementCompaniesQuery>;

const tags = ['agreements'];

/** The agreement calls of seed 001 section 7. */
export const agreementsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/agreements',
    permission: 'agreements:read',
    tags,
    summary: 'Agreements: all for the platform, those where it is the supplier for an airline',
    query: agreementsQuery,
    response: paginated(agreement),
  }),
  companies: endpoint({
    method: 'GET',
    path: '/api/v3/agreements/companies',
    permission: 'agreements:read',
    tags,
    summary: 'Companies an agreement may name: forwarders as clients, and for the platform airlines as suppliers',
    query: agreementCompaniesQuery,
    response: paginated(agreementCompany),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/agreements/:id',
    permission: 'agreements:read',
    tags,
    summary: 'An agreement',
    params: idParam,
    response: agreement,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/agreements',
    permission: 'agreements:create',
    tags,
    summary: 'Create an agreement between a supplier airline and a client forwarder',
    body: agreementCreate,
    response: agreement,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/agreements/:id',
    permission: 'agreements:update',
    tags,
    summary: 'Update an agreement',
    params: idParam,
    body: agreementUpdate,
    response: agreement,
  }),
  agentList: endpoint({
    method: 'GET',
    path: '/api/v3/agent/agreements',
    permission: 'agent_agreements:read',
    tags,
    summary: 'Agreements of a forwarder, where it is the client (all for the platform)',
    query: agentAgreementsQuery,
    response: paginated(agreement),
  }),
  agentGet: endpoint({
    method: 'GET',
    path: '/api/v3/agent/agreements/:id',
    permission: 'agent_agreements:read',
    tags,
    summary: 'An agreement of a forwarder',
    params: idParam,
    response: agreement,
  }),
};
