import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forwarderCustomers } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const URL = '/api/v3/forwarder_customers';

const customer = {
  name: 'Global Parts GmbH',
  address: 'Hafenstrasse 5',
  city: 'Hamburg',
  country: 'de',
  post_code: '20457',
  tax_id: 'DE123456789',
  contacts: [{ name: 'Jan Weber', email: 'jan@parts.example', phone: '+49 40 1234567' }],
};

describe('POST /api/v3/forwarder_customers', () => {
  it("adds a customer to the forwarder's own list", async () => {
    const response = await call('POST', URL, token.fwdA, customer);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      ...customer,
      country: 'DE',
      forwarder: { id: id.FWDA, short_name: 'FWDA' },
    });
  });

  it('refuses the same name twice in one forwarder, not across forwarders', async () => {
    const again = await call('POST', URL, token.fwdA, { name: 'global parts gmbh' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', errors: { name: ['Customer already exists'] } });
    expect((await call('POST', URL, token.fwdB, { name: 'Global Parts GmbH' })).statusCode).toBe(201);
  });

  it('needs a post code in the GB and EU custom regions only', async () => {
    for (const country of ['GB', 'FR', 'JE']) {
      const response = await call('POST', URL, token.fwdA, { name: `No Post ${country}`, country });
      expect(response.statusCode, country).toBe(422);
      expect(response.json().errors, country).toEqual({
        post_code: ['Post code is required for the custom regions GB and EU'],
      });
    }
    expect((await call('POST', URL, token.fwdA, { name: 'No Post US', country: 'US' })).statusCode).toBe(201);
  });

  it('checks the INN length of a Russian customer, contact numbers and Latin names', async () => {
    const inn = await call('POST', URL, token.fwdA, { name: 'Romashka', country: 'RU', tax_id: '770123' });
    expect(inn.statusCode).toBe(422);
    expect(inn.json().errors).toEqual({ tax_id: ['Invalid INN length'] });
    const phone = await call('POST', URL, token.fwdA, { name: 'Phone Co', contacts: [{ phone: '9'.repeat(25) }] });
    expect(phone.json().errors).toEqual({ 'contacts.0.phone': ['Contact number must be under 25 digits'] });
    const latin = await call('POST', URL, token.fwdA, { name: 'Ромашка' });
    expect(latin.json().errors).toEqual({ name: ['Latin only'] });
    const empty = await call('POST', URL, token.fwdA, { name: 'Empty Contact', contacts: [{}] });
    expect(empty.json().errors).toEqual({ 'contacts.0.name': ['required field'] });
  });

  it('needs forwarder_id from the platform, naming a forwarder', async () => {
    const missing = await call('POST', URL, token.platform, { name: 'P1' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ forwarder_id: ['required field'] });
    expect((await call('POST', URL, token.platform, { name: 'P2', forwarder_id: id.SU })).statusCode).toBe(404);
    const ok = await call('POST', URL, token.platform, { name: 'P3', forwarder_id: id.FWDB });
    expect(ok.json().forwarder.id).toBe(id.FWDB);
  });

  it('is refused to airlines', async () => {
    expect((await call('POST', URL, token.su, { name: 'Nope' })).statusCode).toBe(403);
    expect((await call('GET', URL, token.su)).statusCode).toBe(403);
  });
});

describe('GET, PATCH and DELETE /api/v3/forwarder_customers', () => {
  it('lists only the caller’s customers; the platform sees all or one forwarder’s', async () => {
    const a = await call('GET', URL, token.fwdA);
    expect(a.json().data.every((c: { forwarder: { id: number } }) => c.forwarder.id === id.FWDA)).toBe(true);
    expect(a.json().meta.total_count).toBe(2);
    const b = await call('GET', URL, token.fwdB);
    expect(b.json().meta.total_count).toBe(2);
    expect((await call('GET', URL, token.platform)).json().meta.total_count).toBe(4);
    expect((await call('GET', `${URL}?forwarder_id=${id.FWDB}`, token.platform)).json().meta.total_count).toBe(2);
    expect((await call('GET', `${URL}?q=hamb`, token.fwdA)).json().meta.total_count).toBe(1);
  });

  it("answers 404 for another forwarder's customer and leaves it unchanged", async () => {
    const [ofA] = await db.select().from(forwarderCustomers).where(eq(forwarderCustomers.forwarder_id, id.FWDA));
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Taken' }], ['DELETE']] as const) {
      const response = await call(method, `${URL}/${ofA!.id}`, token.fwdB, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({
        message: 'Customer not found',
        message_key: { key: 'customerNotFound', params: {} },
      });
    }
    const [after] = await db.select().from(forwarderCustomers).where(eq(forwarderCustomers.id, ofA!.id));
    expect(after).toEqual(ofA);
  });

  it('checks the post code rule on the stored customer with the changes applied', async () => {
    const [ofA] = (await call('GET', `${URL}?q=hamb`, token.fwdA)).json().data;
    const cleared = await call('PATCH', `${URL}/${ofA.id}`, token.fwdA, { post_code: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toEqual({ post_code: ['Post code is required for the custom regions GB and EU'] });
    const moved = await call('PATCH', `${URL}/${ofA.id}`, token.fwdA, { country: 'US', post_code: '' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ country: 'US', post_code: null, name: 'Global Parts GmbH' });
    const contacts = await call('PATCH', `${URL}/${ofA.id}`, token.fwdA, { contacts: [] });
    expect(contacts.json().contacts).toEqual([]);
  });

  it('removes a customer', async () => {
    const created = await call('POST', URL, token.fwdA, { name: 'Short Lived' });
    expect((await call('DELETE', `${URL}/${created.json().id}`, token.fwdA)).statusCode).toBe(204);
    expect((await call('GET', `${URL}/${created.json().id}`, token.fwdA)).statusCode).toBe(404);
  });
});
