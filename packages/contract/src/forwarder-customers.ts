import { z } from 'zod';
import { idParam, paginated } from './common';
import { listQuery, optionalText, refId } from './companies';
import { endpoint } from './endpoint';
import { type Message, msg } from './messages';
import { addressTaxIssues, latinText, optionalContactNumber, optionalLatinText } from './rules';

/** One contact of a customer: at least a name, an e-mail or a phone. */
export const customerContact = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** Seed 001 section 3 Customer: a forwarder's own customer, the party its offers are made to. */
export const forwarderCustomer = z.object({
  id: z.number().int(),
  forwarder: z.object({ id: z.number().int(), name: z.string(), short_name: z.string() }),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  post_code: z.string().nullable(),
  tax_id: z.string().nullable(),
  contacts: z.array(customerContact),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ForwarderCustomer = z.infer<typeof forwarderCustomer>;

const contactInput = z
  .object({
    name: optionalLatinText(200),
    email: z
      .string()
      .trim()
      .email()
      .max(254)
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    phone: optionalContactNumber,
  })
  .refine((c) => Boolean(c.name || c.email || c.phone), { message: msg('required'), path: ['name'] });

const customerFields = {
  address: optionalLatinText(500),
  city: optionalLatinText(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('exactLength', { length: 2 }))
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  post_code: optionalText(20),
  /** The customer's tax number; an INN of 10 or 12 digits in Russia. */
  tax_id: optionalText(50),
  contacts: z.array(contactInput).max(20).optional(),
};

export interface CustomerAddress {
  country?: string | null;
  post_code?: string | null;
  tax_id?: string | null;
}

/** Seed 001 section 5 on a customer as it will be stored: post code in GB and EU, a Russian INN's length. */
export function customerIssues(values: CustomerAddress): Record<string, Message[]> {
  const issues = addressTaxIssues({ country: values.country, post_code: values.post_code, tax_number: values.tax_id });
  const { tax_number, ...rest } = issues;
  return tax_number ? { ...rest, tax_id: tax_number } : rest;
}

function refineCustomer(value: CustomerAddress, ctx: z.RefinementCtx): void {
  for (const [field, messages] of Object.entries(customerIssues(value))) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message: msg(message.key) });
  }
}

/** POST /forwarder_customers: the forwarder is the caller's own; the platform names it with forwarder_id. */
export const forwarderCustomerCreate = z
  .object({ forwarder_id: refId.optional(), name: latinText(200, 1), ...customerFields })
  .superRefine(refineCustomer);
export type ForwarderCustomerCreate = z.infer<typeof forwarderCustomerCreate>;

/** PATCH /forwarder_customers/{id}: the rules across fields are checked on the stored customer with the changes. */
export const forwarderCustomerUpdate = z.object({ name: latinText(200, 1).optional(), ...customerFields });
export type ForwarderCustomerUpdate = z.infer<typeof forwarderCustomerUpdate>;

/** The edit form's schema: every field present, so the cross-field rules apply in the browser too. */
export const forwarderCustomerForm = forwarderCustomerUpdate.superRefine(refineCustomer);

export const forwarderCustomersQuery = listQuery(['id', 'name', 'city', 'country', 'created_at']).extend({
  /** The platform's filter by forwarder; a forwarder always sees its own. */
  forwarder_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type ForwarderCustomersQuery = z.infer<typeof forwarderCustomersQuery>;

const tags = ['forwarder customers'];

/** The forwarder_customers calls of seed 001 section 7. */
export const forwarderCustomersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/forwarder_customers',
    permission: 'forwarder_customers:read',
    tags,
    summary: "A forwarder's customers (every forwarder's for the platform)",
    query: forwarderCustomersQuery,
    response: paginated(forwarderCustomer),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/forwarder_customers/:id',
    permission: 'forwarder_customers:read',
    tags,
    summary: 'A customer',
    params: idParam,
    response: forwarderCustomer,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/forwarder_customers',
    permission: 'forwarder_customers:write',
    tags,
    summary: 'Add a customer',
    body: forwarderCustomerCreate,
    response: forwarderCustomer,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/forwarder_customers/:id',
    permission: 'forwarder_customers:write',
    tags,
    summary: 'Change a customer',
    params: idParam,
    body: forwarderCustomerUpdate,
    response: forwarderCustomer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/forwarder_customers/:id',
    permission: 'forwarder_customers:write',
    tags,
    summary: 'Remove a customer',
    params: idParam,
    response: null,
  }),
};
