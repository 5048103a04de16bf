import { COMPANY_STATES, COMPANY_TYPES } from '@aircargo/domain';
import { z } from 'zod';
import { findUnstorable, idParam, pageQuery, paginated } from './common';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { kpp, latinText, optionalLatinText, optionalMailDomain, optionalWebLink, refineAddressTax } from './rules';

// Small building blocks shared by the companies, users, agreements and airline-settings contracts.

/** PostgreSQL text cannot hold NUL; refusing it here keeps such input a 422 instead of a driver error. */
const noNul = (v: string) => !v.includes('\u0000');

/** A trimmed free text of `min` to `max` characters. */
export const text = (max: number, min = 0) =>
  z.string().trim().min(min, msg('required')).max(max).refine(noNul, msg('invalidCharacter'));

/** An optional free text; an empty string clears the field (stored as null). */
export const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** A row id in a request body (a PostgreSQL integer). */
export const refId = z.number().int().positive().max(2_147_483_647);

/** A boolean in a query string: `true` or `false`. */
export const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A list's `sort`: one of the whitelisted fields, with a leading `-` for descending order. */
export function sortParam<const F extends string>(fields: readonly [F, ...F[]]) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [F | `-${F}`, ...(F | `-${F}`)[]];
  return z.enum(values).optional();
}

/** A list query: pagination plus a whitelisted `sort`; `q` is refused when it holds NUL. */
export function listQuery<const F extends string>(fields: readonly [F, ...F[]]) {
  return pageQuery.extend({ sort: sortParam(fields), q: text(200).optional() });
}

const codeList = (pattern: RegExp, max = 200) =>
  z
    .array(z.string().trim().toUpperCase().regex(pattern, msg('invalidFormat')))
    .max(max)
    .transform((v) => [...new Set(v)]);

// Responses.

export const companyType = z.enum(COMPANY_TYPES);
export const companyState = z.enum(COMPANY_STATES);

/** Seed 001 section 3 Company, summary. */
export const companySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  local_name: z.string().nullable(),
  operations_type: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  tax_number: z.string().nullable(),
  /** Russian tax registration reason code beside a 10-digit INN. */
  kpp: z.string().nullable(),
  post_code: z.string().nullable(),
  default_airport: z.string().nullable(),
  forwarder_iata_code: z.string().nullable(),
  cass_codes: z.array(z.string()),
  pima: z.string().nullable(),
  pima_location: z.string().nullable(),
  eori: z.string().nullable(),
  account_number: z.string().nullable(),
});

/** Seed 001 section 3 Company, what the detail adds (GET /companies/{id}/details). */
export const companyDetails = z.object({
  access_to_all_carriers: z.boolean(),
  interline_booking: z.boolean(),
  intl_cargo_accepted: z.boolean(),
  invisible: z.boolean(),
  permitted_carriers: z.array(z.string()),
  service_shcs: z.array(z.string()),
  shcs_accepted: z.array(z.string()),
  dg_storage: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  customs_hours: z.string().nullable(),
  terminal_hours: z.string().nullable(),
  cimp_code: z.string().nullable(),
  cimp_email: z.string().nullable(),
  cimp_sita: z.string().nullable(),
  maildomain: z.string().nullable(),
  web_link: z.string().nullable(),
  notes: z.string().nullable(),
  interline_agreements: z.array(z.string()),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

/** Company UI settings: the two named flags (false when unset) and any free keys. */
export const companyUiSettings = z
  .object({ has_access_to_new_air_waybills_page: z.boolean(), show_settings: z.boolean() })
  .catchall(z.unknown());
export type CompanyUiSettings = z.infer<typeof companyUiSettings>;

/** A row of GET /companies. */
export const companyListItem = companySummary.extend({
  company_type: companyType,
  airline_code: z.string().nullable(),
  state: companyState,
});
export type CompanyListItem = z.infer<typeof companyListItem>;

/** GET /companies/{id}: summary, detail, type, airline code, state and UI settings. */
export const company = companyListItem.extend(companyDetails.shape).extend({ ui_settings: companyUiSettings });
export type Company = z.infer<typeof company>;

// Requests.

const UI_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const UI_MAX_KEYS = 50;
const UI_MAX_BYTES = 16 * 1024;

const UI_MAX_DEPTH = 8;

function checkUiKeys(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  // Checked first: a deeply nested value would overflow the stack of the size check below.
  const unstorable = findUnstorable(value, UI_MAX_DEPTH);
  if (unstorable) {
    ctx.addIssue({ code: 'custom', path: unstorable.path, message: unstorable.message });
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > UI_MAX_KEYS) ctx.addIssue({ code: 'custom', message: `at most ${UI_MAX_KEYS} keys` });
  for (const key of keys) {
    if (!UI_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: msg('invalidFormat') });
  }
  if (JSON.stringify(value).length > UI_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: msg('maxLength', { max: UI_MAX_BYTES }) });
}

/**
 * PATCH /companies/{id}/ui_settings: the keys given are merged into the stored settings; a free key set to null is
 * removed. Keys are snake_case identifiers.
 */
export const companyUiSettingsUpdate = z
  .object({
    has_access_to_new_air_waybills_page: z.boolean().optional(),
    show_settings: z.boolean().optional(),
  })
  .catchall(z.unknown())
  .superRefine(checkUiKeys);
export type CompanyUiSettingsUpdate = z.infer<typeof companyUiSettingsUpdate>;

/** Company types the API creates; the platform operator's own company is not made through the API. */
export const CREATABLE_COMPANY_TYPES = ['airline', 'forwarder', 'handler', 'visitor'] as const;

/** Every editable company field; all optional here, the create body makes name and short_name required. */
const companyFields = {
  local_name: optionalText(200),
  /** IATA two-character designator; required for an airline, refused for any other type. */
  airline_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, msg('exactLength', { length: 2 }))
    .nullable()
    .optional(),
  operations_type: optionalText(100),
  address: optionalLatinText(500),
  city: optionalLatinText(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('exactLength', { length: 2 }))
    .nullable()
    .optional(),
  /** The INN for a Russian company: 10 or 12 digits. */
  tax_number: optionalText(50),
  kpp: kpp
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  post_code: optionalText(20),
  default_airport: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, msg('invalidFormat'))
    .nullable()
    .optional(),
  forwarder_iata_code: optionalText(20),
  cass_codes: z.array(text(20, 1)).max(50).optional(),
  pima: optionalText(50),
  pima_location: optionalText(50),
  eori: optionalText(50),
  account_number: optionalText(50),
  access_to_all_carriers: z.boolean().optional(),
  interline_booking: z.boolean().optional(),
  intl_cargo_accepted: z.boolean().optional(),
  invisible: z.boolean().optional(),
  permitted_carriers: codeList(/^[A-Z0-9]{2}$/).optional(),
  service_shcs: codeList(/^[A-Z]{3}$/).optional(),
  shcs_accepted: codeList(/^[A-Z]{3}$/).optional(),
  dg_storage: z.boolean().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  customs_hours: optionalText(200),
  terminal_hours: optionalText(200),
  cimp_code: optionalText(20),
  cimp_email: z.string().trim().email().max(254).nullable().optional(),
  cimp_sita: optionalText(20),
  maildomain: optionalMailDomain,
  web_link: optionalWebLink,
  notes: optionalText(5000),
  interline_agreements: z.array(text(20, 1)).max(200).optional(),
};

const name = latinText(200, 1);
const shortName = latinText(50, 1);

/** POST /companies (platform). */
export const companyCreate = z
  .object({
    company_type: z.enum(CREATABLE_COMPANY_TYPES),
    name,
    short_name: shortName,
    ...companyFields,
    ui_settings: companyUiSettingsUpdate.optional(),
  })
  .superRefine(refineAddressTax);
export type CompanyCreate = z.infer<typeof companyCreate>;

/**
 * PATCH /companies/{id} (platform): any field but the type, which is fixed at creation (roles depend on it). The
 * cross-field rules (post code, INN/KPP) are checked by the server on the stored record with the changes applied.
 */
export const companyUpdate = z.object({ name: name.optional(), short_name: shortName.optional(), ...companyFields });
export type CompanyUpdate = z.infer<typeof companyUpdate>;

/** PATCH /companies/{id}/state. */
export const companyStateUpdate = z.object({ state: companyState });

export const companiesQuery = listQuery(['id', 'name', 'short_name', 'company_type', 'state', 'created_at']).extend({
  company_type: companyType.optional(),
  state: companyState.optional(),
});
export type CompaniesQuery = z.infer<typeof companiesQuery>;

const companyTags = ['companies'];

/** The company calls of seed 001 section 7. */
export const companiesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/companies',
    permission: 'companies:list',
    tags: companyTags,
    summary: 'Companies: every company for the platform, only the own company for anyone else',
    query: companiesQuery,
    response: paginated(companyListItem),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/companies',
    permission: 'companies:create',
    tags: companyTags,
    summary: 'Create a company',
    body: companyCreate,
    response: company,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/companies/:id',
    permission: 'companies:read',
    tags: companyTags,
    summary: 'A company with every field',
    params: idParam,
    response: company,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/companies/:id',
    permission: 'companies:update',
    tags: companyTags,
    summary: 'Update a company (its type is fixed)',
    params: idParam,
    body: companyUpdate,
    response: company,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/companies/:id',
    permission: 'companies:delete',
    tags: companyTags,
    summary: 'Delete a company that has no users, agreements or AWB stock left',
    params: idParam,
    response: null,
  }),
  setState: endpoint({
    method: 'PATCH',
    path: '/api/v3/companies/:id/state',
    permission: 'companies:state',
    tags: companyTags,
    summary: 'Block or unblock a company',
    params: idParam,
    body: companyStateUpdate,
    response: company,
  }),
  uiSettings: endpoint({
    method: 'GET',
    path: '/api/v3/companies/:id/ui_settings',
    permission: 'companies:ui_settings:read',
    tags: companyTags,
    summary: 'The UI settings of a company',
    params: idParam,
    response: companyUiSettings,
  }),
  updateUiSettings: endpoint({
    method: 'PATCH',
    path: '/api/v3/companies/:id/ui_settings',
    permission: 'companies:ui_settings:update',
    tags: companyTags,
    summary: 'Merge keys into the UI settings of a company; a free key sent as null is removed',
    params: idParam,
    body: companyUiSettingsUpdate,
    response: companyUiSettings,
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/v3/companies/:id/details',
    permission: 'companies:read',
    tags: companyTags,
    summary: 'The detail block of a company',
    params: idParam,
    response: companyDetails,
  }),
};
