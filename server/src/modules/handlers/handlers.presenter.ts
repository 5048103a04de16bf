import type { Handler } from '@aircargo/contract/handlers';
import type { HandlerRow } from './handlers.repository';

export function presentHandler({ handler: h, airline, handler_company }: HandlerRow): Handler {
  return {
    id: h.id,
    airline,
    airport: h.airport,
    name: h.name,
    handler_company: handler_company?.id ? handler_company : null,
    contact_name: h.contact_name,
    phone: h.phone,
    email: h.email,
    sita_address: h.sita_address,
    notes: h.notes,
    created_at: h.created_at.toISOString(),
    updated_at: h.updated_at.toISOString(),
  };
}
