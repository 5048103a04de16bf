import { z } from 'zod';
import { idParam, paginated } from './common';
import { listQuery, optionalText, refId } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { latinText, optionalContactNumber, optionalLatinText } from './rules';

const companyRef = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });

/** A ground handler an airline works with at one of its airports (settings/handlers). */
export const handler = z.object({
  id: z.number().int(),
  airline: companyRef,
  /** IATA code of the airport the handler serves for the airline. */
  airport: z.string(),
  name: z.string(),
  /** The handler's own company on the platform (a company of type handler), when it has one. */
  handler_company: companyRef.nullable(),
  contact_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Seven-character Type B address the handler receives telegrams at. */
  sita_address: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Handler = z.infer<typeof handler>;

const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, msg('invalidFormat'));

const handlerFields = {
  handler_company_id: refId.nullable().optional(),
  contact_name: optionalLatinText(200),
  phone: optionalContactNumber,
  email: z
    .string()
    .trim()
    .email()
    .max(254)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  sita_address: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{7}$/, msg('exactLength', { length: 7 }))
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  notes: optionalText(2000),
};

/** POST /handlers: the airline is the caller's own; the platform names it with airline_id. */
export const handlerCreate = z.object({
  airline_id: refId.optional(),
  airport: airportCode,
  name: latinText(200, 1),
  ...handlerFields,
});
export type HandlerCreate = z.infer<typeof handlerCreate>;

/** PATCH /handlers/{id}: any field but the airline. */
export const handlerUpdate = z.object({
  airport: airportCode.optional(),
  name: latinText(200, 1).optional(),
  ...handlerFields,
});
export type HandlerUpdate = z.infer<typeof handlerUpdate>;

export const handlersQuery = listQuery(['id', 'airport', 'name', 'created_at']).extend({
  airport: airportCode.optional(),
  /** The platform's filter by airline; an airline always sees its own. */
  airline_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type HandlersQuery = z.infer<typeof handlersQuery>;

const tags = ['handlers'];

/** The handler calls of seed 001 section 7 ("handlers"), CRUD. */
export const handlersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/handlers',
    permission: 'handlers:read',
    tags,
    summary: "An airline's ground handlers (every airline's for the platform)",
    query: handlersQuery,
    response: paginated(handler),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/handlers/:id',
    permission: 'handlers:read',
    tags,
    summary: 'A handler',
    params: idParam,
    response: handler,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/handlers',
    permission: 'handlers:write',
    tags,
    summary: 'Add a handler at one of the airline’s airports',
    body: handlerCreate,
    response: handler,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/handlers/:id',
    permission: 'handlers:write',
    tags,
    summary: 'Change a handler',
    params: idParam,
    body: handlerUpdate,
    response: handler,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/handlers/:id',
    permission: 'handlers:write',
    tags,
    summary: 'Remove a handler',
    params: idParam,
    response: null,
  }),
};
