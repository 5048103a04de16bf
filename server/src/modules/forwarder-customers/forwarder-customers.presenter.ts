import type { ForwarderCustomer } from '@aircargo/contract/forwarder-customers';
import type { CustomerRow } from './forwarder-customers.repository';

export function presentCustomer({ customer: c, forwarder }: CustomerRow): ForwarderCustomer {
  return {
    id: c.id,
    forwarder,
    name: c.name,
    address: c.address,
    city: c.city,
    country: c.country,
    post_code: c.post_code,
    tax_id: c.tax_id,
    contacts: c.contacts.map((k) => ({ name: k.name, email: k.email, phone: k.phone })),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
