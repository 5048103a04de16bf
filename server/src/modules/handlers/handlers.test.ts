import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handlers, memberships, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
};

const URL = '/api/v3/handlers';

async function suActsAs(role: 'manager' | 'operator' | 'billing') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id });
  expect(response.statusCode).toBe(200);
}

async function newHandlerCompany(): Promise<number> {
  const response = await call('POST', '/api/v3/companies', token.platform, {
    company_type: 'handler',
    name: 'Moscow Cargo',
    short_name: 'MOSCARGO',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('POST /api/v3/handlers', () => {
  it("adds a handler to the airline manager's own airline and answers it in full", async () => {
    const company = await newHandlerCompany();
    const response = await call('POST', URL, token.su, {
      airport: 'svo',
      name: 'Moscow Cargo SVO',
      handler_company_id: company,
      contact_name: 'Duty Officer',
      phone: '+7 (495) 578-00-00',
      email: 'duty@moscow-cargo.example',
      sita_address: 'svofmsu',
      notes: 'Terminal B',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      airline: { id: id.SU, short_name: 'SU' },
      airport: 'SVO',
      name: 'Moscow Cargo SVO',
      handler_company: { id: company, short_name: 'MOSCARGO' },
      phone: '+7 (495) 578-00-00',
      sita_address: 'SVOFMSU',
    });
    expect(response.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a second handler of the same name at the airport with 422 Exists', async () => {
    const response = await call('POST', URL, token.su, { airport: 'SVO', name: 'moscow cargo svo' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'Exists',
      errors: { name: ['Handler already exists at this airport'] },
    });
    const otherAirline = await call('POST', URL, token.kc, { airport: 'SVO', name: 'Moscow Cargo SVO' });
    expect(otherAirline.statusCode).toBe(201);
  });

  it('refuses an unknown airport, a company that is not a handler and a phone of 25 digits', async () => {
    const airport = await call('POST', URL, token.su, { airport: 'QQQ', name: 'Nowhere' });
    expect(airport.statusCode).toBe(422);
    expect(airport.json().errors).toEqual({ airport: ['Unknown airport'] });
    const notHandler = await call('POST', URL, token.su, { airport: 'LED', name: 'X', handler_company_id: id.FWDA });
    expect(notHandler.statusCode).toBe(422);
    expect(notHandler.json().errors).toEqual({ handler_company_id: ['The company is not a handler'] });
    const phone = await call('POST', URL, token.su, { airport: 'LED', name: 'Y', phone: '1'.repeat(25) });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ phone: ['Contact number must be under 25 digits'] });
    const latin = await call('POST', URL, token.su, { airport: 'LED', name: 'Москва Карго' });
    expect(latin.statusCode).toBe(422);
    expect(latin.json().errors).toEqual({ name: ['Latin only'] });
  });

  it('needs airline_id from the platform, naming an airline', async () => {
    const missing = await call('POST', URL, token.platform, { airport: 'LED', name: 'Pulkovo Cargo' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { airline_id: ['required field'] } });
    const forwarder = await call('POST', URL, token.platform, { airline_id: id.FWDA, airport: 'LED', name: 'P' });
    expect(forwarder.statusCode).toBe(404);
    const ok = await call('POST', URL, token.platform, { airline_id: id.KC, airport: 'ALA', name: 'Almaty Handling' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().airline.id).toBe(id.KC);
  });

  it('answers 404 to an airline naming another airline', async () => {
    const response = await call('POST', URL, token.kc, { airline_id: id.SU, airport: 'LED', name: 'Sneaky' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v3/handlers', () => {
  it("lists only the caller's airline's handlers, filtered and searched", async () => {
    const su = await call('GET', URL, token.su);
    expect(su.statusCode).toBe(200);
    expect(su.json().data.map((h: { airline: { id: number } }) => h.airline.id)).toEqual([id.SU]);
    const kc = await call('GET', `${URL}?sort=-name`, token.kc);
    expect(kc.json().data.map((h: { name: string }) => h.name)).toEqual(['Moscow Cargo SVO', 'Almaty Handling']);
    expect((await call('GET', `${URL}?airport=ALA`, token.kc)).json().meta.total_count).toBe(1);
    expect((await call('GET', `${URL}?q=almaty`, token.kc)).json().meta.total_count).toBe(1);
  });

  it('lists every airline for the platform, or the one it names', async () => {
    expect((await call('GET', URL, token.platform)).json().meta.total_count).toBe(3);
    expect((await call('GET', `${URL}?airline_id=${id.KC}`, token.platform)).json().meta.total_count).toBe(2);
  });

  it("answers 404 for another airline's handler", async () => {
    const [kcHandler] = await db.select().from(handlers).where(eq(handlers.airline_id, id.KC));
    const response = await call('GET', `${URL}/${kcHandler!.id}`, token.su);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NotFound',
      errors: {},
      message: 'Handler not found',
      message_key: { key: 'handlerNotFound', params: {} },
    });
    expect((await call('PATCH', `${URL}/${kcHandler!.id}`, token.su, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/${kcHandler!.id}`, token.su)).statusCode).toBe(404);
    const [after] = await db.select().from(handlers).where(eq(handlers.id, kcHandler!.id));
    expect(after!.name).toBe(kcHandler!.name);
  });

  it('is open to airline default and manager, refused to billing and forwarders', async () => {
    await suActsAs('operator');
    expect((await call('GET', URL, token.su)).statusCode).toBe(200);
    expect((await call('POST', URL, token.su, { airport: 'LED', name: 'Z' })).statusCode).toBe(403);
    await suActsAs('billing');
    expect((await call('GET', URL, token.su)).statusCode).toBe(403);
    await suActsAs('manager');
    expect((await call('GET', URL, token.fwdA)).statusCode).toBe(403);
  });
});

describe('PATCH and DELETE /api/v3/handlers/{id}', () => {
  it('changes the fields given, clears emptied ones and keeps the rest', async () => {
    const [own] = (await call('GET', URL, token.su)).json().data;
    const response = await call('PATCH', `${URL}/${own.id}`, token.su, { notes: '', phone: '+7 495 000 00 00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: own.id, notes: null, phone: '+7 495 000 00 00', name: own.name });
  });

  it('refuses a rename onto another handler of the airport', async () => {
    const created = await call('POST', URL, token.su, { airport: 'SVO', name: 'Second Handler' });
    const response = await call('PATCH', `${URL}/${created.json().id}`, token.su, { name: 'Moscow Cargo SVO' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('Exists');
  });

  it('removes a handler, after which it is not found', async () => {
    const created = await call('POST', URL, token.su, { airport: 'LED', name: 'Pulkovo Handling' });
    const removed = await call('DELETE', `${URL}/${created.json().id}`, token.su);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${URL}/${created.json().id}`, token.su)).statusCode).toBe(404);
  });
});
