import type { PaginationMeta } from '@aircargo/contract/common';
import {
  customerIssues,
  type ForwarderCustomer,
  type ForwarderCustomerCreate,
  type ForwarderCustomersQuery,
  type ForwarderCustomerUpdate,
} from '@aircargo/contract/forwarder-customers';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { companyTypeOf } from '../companies/companies.service';
import { customerScope, forwarderForNew } from './forwarder-customers.policy';
import { presentCustomer } from './forwarder-customers.presenter';
import * as repo from './forwarder-customers.repository';

export const CUSTOMER_EXISTS = 'Customer already exists';

type Contact = { name: string | null; email: string | null; phone: string | null };
const contactsOf = (input?: { name?: string | null; email?: string | null; phone?: string | null }[]) =>
  input?.map((c): Contact => ({ name: c.name ?? null, email: c.email ?? null, phone: c.phone ?? null }));

export class ForwarderCustomersService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    query: ForwarderCustomersQuery,
  ): Promise<{ data: ForwarderCustomer[]; meta: PaginationMeta }> {
    return presentPage(
      await repo.listCustomers(this.db, customerScope(auth, query.forwarder_id), query),
      presentCustomer,
    );
  }

  async get(auth: AuthContext, id: number): Promise<ForwarderCustomer> {
    const row = await repo.findCustomer(this.db, customerScope(auth), id);
    if (!row) throw notFound(message('customerNotFound'));
    return presentCustomer(row);
  }

  async create(auth: AuthContext, input: ForwarderCustomerCreate): Promise<ForwarderCustomer> {
    const { forwarder_id, contacts, ...fields } = input;
    const forwarderId = forwarderForNew(auth, forwarder_id);
    if (forwarderId === null) throw emptyFields('forwarder_id is required', { forwarder_id: ['required field'] });
    if ((await companyTypeOf(this.db, forwarderId)) !== 'forwarder') throw companyNotFound();
    if (await repo.findByName(this.db, forwarderId, fields.name)) throw exists(CUSTOMER_EXISTS, 'name');
    const id = await repo.insertCustomer(this.db, {
      ...fields,
      forwarder_id: forwarderId,
      contacts: contactsOf(contacts) ?? [],
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: ForwarderCustomerUpdate): Promise<ForwarderCustomer> {
    const current = await repo.findCustomer(this.db, customerScope(auth), id);
    if (!current) throw notFound(message('customerNotFound'));
    const c = current.customer;
    const pick = <K extends 'country' | 'post_code' | 'tax_id'>(key: K) =>
      input[key] === undefined ? c[key] : input[key];
    const issues = customerIssues({ country: pick('country'), post_code: pick('post_code'), tax_id: pick('tax_id') });
    if (Object.keys(issues).length) throw validation(issues, Object.values(issues)[0]![0]);
    if (input.name && (await repo.findByName(this.db, c.forwarder_id, input.name, id))) {
      throw exists(CUSTOMER_EXISTS, 'name');
    }
    const { contacts, ...fields } = input;
    await repo.updateCustomer(this.db, id, { ...fields, contacts: contactsOf(contacts) });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.findCustomer(this.db, customerScope(auth), id))) throw notFound(message('customerNotFound'));
    await repo.deleteCustomer(this.db, id);
  }
}
