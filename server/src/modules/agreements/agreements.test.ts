import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreements, companies, jobs, memberships, users } from '../../db/schema';
import { MAIL_JOB } from '../../platform/mail';
import { createTenant } from '../../test/factories';
import { createTestApp } from '../../test/harness';

// No demo data: the file makes its own tenants (test/factories.ts) and agreements.
const ctx = await createTestApp({ seed: false });
const { db } = ctx.database;

const tenants = {
  platform: await createTenant(ctx, 'platform', { name: 'Air Cargo Platform', short_name: 'PLATFORM' }),
  su: await createTenant(ctx, 'airline', { name: 'Aeroflot - Russian Airlines', short_name: 'SU', airline_code: 'SU' }),
  kc: await createTenant(ctx, 'airline', { name: 'Air Astana', short_name: 'KC', airline_code: 'KC' }),
  fwdA: await createTenant(ctx, 'forwarder', { name: 'Demo Forwarder A', short_name: 'FWDA' }),
  fwdB: await createTenant(ctx, 'forwarder', { name: 'Demo Forwarder B', short_name: 'FWDB' }),
};
const token = {
  platform: tenants.platform.admin.token,
  su: tenants.su.manager.token,
  kc: tenants.kc.manager.token,
  fwdA: tenants.fwdA.admin.token,
  fwdB: tenants.fwdB.manager.token,
};
const id = {
  PLATFORM: tenants.platform.id,
  SU: tenants.su.id,
  KC: tenants.kc.id,
  FWDA: tenants.fwdA.id,
  FWDB: tenants.fwdB.id,
};
const fixture = (supplier: number, client: number, currency: string, contract: string) => ({
  supplier_id: supplier,
  client_id: client,
  currency,
  contract_number: contract,
  effective_from: '2026-01-01',
  effective_to: '2027-12-31',
  sales_origins: supplier === id.SU ? ['SVO', 'LED'] : ['ALA', 'NQZ'],
});
const agreementId = Object.fromEntries(
  (
    await db
      .insert(agreements)
      .values([
        fixture(id.SU, id.FWDA, 'RUB', 'SU-2026-001'),
        fixture(id.KC, id.FWDA, 'USD', 'KC-2026-014'),
        fixture(id.SU, id.FWDB, 'RUB', 'SU-2026-002'),
      ])
      .returning({ id: agreements.id, contract: agreements.contract_number })
  ).map((a) => [a.contract, a.id]),
) as Record<'SU-2026-001' | 'KC-2026-014' | 'SU-2026-002', number>;

const call = ctx.call;

/** A date `days` from today, as the API writes dates. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
const today = day(0);
const demoActive = today >= '2026-01-01' && today <= '2027-12-31';
const contracts = (body: { data: { contract_number: string }[] }) => body.data.map((a) => a.contract_number).sort();

/** A forwarder with no agreements yet, so that each test picks its own dates freely. */
let serial = 0;
async function freshForwarder(): Promise<number> {
  serial += 1;
  const [row] = await db
    .insert(companies)
    .values({ company_type: 'forwarder', name: `Client ${serial}`, short_name: `CLIENT${serial}` })
    .returning();
  return row!.id;
}

describe('GET /api/v3/agreements', () => {
  it('gives the platform every agreement', async () => {
    const response = await call('GET', '/api/v3/agreements', token.platform);
    expect(response.statusCode).toBe(200);
    expect(contracts(response.json())).toEqual(['KC-2026-014', 'SU-2026-001', 'SU-2026-002']);
    expect(response.json().meta).toMatchObject({ total_count: 3, current_page: 1 });
  });

  it('gives an airline only the agreements where it is the supplier', async () => {
    const su = await call('GET', '/api/v3/agreements', token.su);
    expect(contracts(su.json())).toEqual(['SU-2026-001', 'SU-2026-002']);
    const kc = await call('GET', '/api/v3/agreements', token.kc);
    expect(contracts(kc.json())).toEqual(['KC-2026-014']);
    const kcAskingForSu = await call('GET', `/api/v3/agreements?supplier_id=${id.SU}`, token.kc);
    expect(kcAskingForSu.json()).toMatchObject({ data: [], meta: { total_count: 0 } });
  });

  it('answers the agreement shape with both parties and the active flag', async () => {
    const response = await call('GET', `/api/v3/agreements/${agreementId['SU-2026-001']}`, token.su);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: agreementId['SU-2026-001'],
      supplier: { id: id.SU, name: 'Aeroflot - Russian Airlines', short_name: 'SU' },
      client: { id: id.FWDA, name: 'Demo Forwarder A', short_name: 'FWDA' },
      client_local_name: null,
      street: null,
      local_street: null,
      country: null,
      city: null,
      tax_number: null,
      account_number: null,
      currency: 'RUB',
      sales_origins: ['SVO', 'LED'],
      show_tariffs: true,
      beneficiary: null,
      effective_from: '2026-01-01',
      effective_to: '2027-12-31',
      contract_number: 'SU-2026-001',
      balance_check_disabled: false,
      additional_prefixes: [],
      smart_contract: false,
      active: demoActive,
      allowed_manual_routes: false,
    });
  });

  it('filters by client, active state and search text, and sorts', async () => {
    const byClient = await call('GET', `/api/v3/agreements?client_id=${id.FWDB}`, token.platform);
    expect(contracts(byClient.json())).toEqual(['SU-2026-002']);

    const bySearch = await call('GET', '/api/v3/agreements?q=kc-2026', token.platform);
    expect(contracts(bySearch.json())).toEqual(['KC-2026-014']);
    const byClientName = await call('GET', '/api/v3/agreements?q=forwarder%20b', token.platform);
    expect(contracts(byClientName.json())).toEqual(['SU-2026-002']);

    const client = await freshForwarder();
    await db.insert(agreements).values([
      { supplier_id: id.SU, client_id: client, currency: 'EUR', effective_from: day(-10), contract_number: 'NOW' },
      { supplier_id: id.KC, client_id: client, currency: 'EUR', effective_from: day(30), contract_number: 'LATER' },
    ]);
    const active = await call('GET', `/api/v3/agreements?active=true&client_id=${client}`, token.platform);
    expect(contracts(active.json())).toEqual(['NOW']);
    expect(active.json().data[0].active).toBe(true);
    const inactive = await call('GET', `/api/v3/agreements?active=false&client_id=${client}`, token.platform);
    expect(contracts(inactive.json())).toEqual(['LATER']);
    expect(inactive.json().data[0].active).toBe(false);

    const sorted = await call('GET', `/api/v3/agreements?client_id=${client}&sort=-effective_from`, token.platform);
    expect(sorted.json().data.map((a: { contract_number: string }) => a.contract_number)).toEqual(['LATER', 'NOW']);
  });

  it('refuses unknown sort fields and malformed filters with 422', async () => {
    for (const query of ['sort=supplier_id', 'active=yes', 'client_id=abc', 'page=0']) {
      const response = await call('GET', `/api/v3/agreements?${query}`, token.platform);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error).toBe('ValidationFailed');
    }
  });

  it('is refused to forwarders', async () => {
    expect((await call('GET', '/api/v3/agreements', token.fwdA)).statusCode).toBe(403);
    expect((await call('GET', `/api/v3/agreements/${agreementId['SU-2026-001']}`, token.fwdA)).statusCode).toBe(403);
  });
});

describe('GET /api/v3/agreements/{id}', () => {
  it("answers 404 to airline KC for SU's agreements, as for one that does not exist", async () => {
    const other = await call('GET', `/api/v3/agreements/${agreementId['SU-2026-001']}`, token.kc);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      error: 'NotFound',
      errors: {},
      message: 'Agreement not found',
      message_key: { key: 'agreementNotFound', params: {} },
    });
    const missing = await call('GET', '/api/v3/agreements/999999', token.kc);
    expect(missing.json()).toEqual(other.json());
  });
});

describe('GET /api/v3/agent/agreements', () => {
  it('gives a forwarder only the agreements where it is the client', async () => {
    const a = await call('GET', '/api/v3/agent/agreements', token.fwdA);
    expect(a.statusCode).toBe(200);
    expect(contracts(a.json())).toEqual(['KC-2026-014', 'SU-2026-001']);
    const b = await call('GET', '/api/v3/agent/agreements', token.fwdB);
    expect(contracts(b.json())).toEqual(['SU-2026-002']);
    const bySupplier = await call('GET', `/api/v3/agent/agreements?supplier_id=${id.KC}`, token.fwdA);
    expect(contracts(bySupplier.json())).toEqual(['KC-2026-014']);
  });

  it('gives the platform every agreement', async () => {
    const response = await call('GET', '/api/v3/agent/agreements?q=2026', token.platform);
    expect(response.json().meta.total_count).toBe(3);
  });

  it("answers 404 to forwarder B for forwarder A's agreement", async () => {
    const own = await call('GET', `/api/v3/agent/agreements/${agreementId['SU-2026-002']}`, token.fwdB);
    expect(own.statusCode).toBe(200);
    expect(own.json().client.short_name).toBe('FWDB');
    const other = await call('GET', `/api/v3/agent/agreements/${agreementId['SU-2026-001']}`, token.fwdB);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Agreement not found');
  });

  it('is refused to airlines', async () => {
    expect((await call('GET', '/api/v3/agent/agreements', token.su)).statusCode).toBe(403);
  });
});

describe('POST /api/v3/agreements', () => {
  it('makes the airline caller the supplier and answers the new agreement', async () => {
    const client = await freshForwarder();
    const response = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'usd'.toUpperCase(),
      effective_from: day(-1),
      effective_to: day(60),
      sales_origins: ['svo', 'SVO', 'LED'],
      additional_prefixes: ['555', '421'],
      contract_number: 'SU-NEW-1',
      city: 'Moscow',
      country: 'ru',
      smart_contract: true,
      allowed_manual_routes: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      supplier: { id: id.SU, short_name: 'SU' },
      client: { id: client },
      currency: 'USD',
      sales_origins: ['SVO', 'LED'],
      additional_prefixes: ['555', '421'],
      country: 'RU',
      show_tariffs: true,
      smart_contract: true,
      allowed_manual_routes: true,
      active: true,
    });
    const read = await call('GET', `/api/v3/agreements/${response.json().id}`, token.su);
    expect(read.json()).toEqual(response.json());
    const [stored] = await db.select().from(agreements).where(eq(agreements.id, response.json().id));
    expect(stored).toMatchObject({ supplier_id: id.SU, client_id: client });
  });

  it('refuses an agreement whose dates overlap another one of the same supplier and client with 422 Exists', async () => {
    const client = await freshForwarder();
    const first = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2030-01-01',
      effective_to: '2030-12-31',
    });
    expect(first.statusCode).toBe(201);

    for (const [from, to] of [
      ['2030-12-31', '2031-06-30'],
      ['2029-01-01', null],
      ['2030-03-01', '2030-03-02'],
    ]) {
      const response = await call('POST', '/api/v3/agreements', token.su, {
        client_id: client,
        currency: 'RUB',
        effective_from: from,
        effective_to: to,
      });
      expect(response.statusCode, `${from}..${to}`).toBe(422);
      expect(response.json()).toMatchObject({ error: 'Exists', errors: { effective_from: expect.any(Array) } });
    }

    const next = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2031-01-01',
    });
    expect(next.statusCode).toBe(201);
    const otherSupplier = await call('POST', '/api/v3/agreements', token.kc, {
      client_id: client,
      currency: 'KZT',
      effective_from: '2030-06-01',
    });
    expect(otherSupplier.statusCode).toBe(201);
  });

  it('lets only one of several simultaneous overlapping agreements through', async () => {
    const client = await freshForwarder();
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call('POST', '/api/v3/agreements', token.su, {
          client_id: client,
          currency: 'RUB',
          effective_from: `2034-0${n}-01`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const stored = await db.select().from(agreements).where(eq(agreements.client_id, client));
    expect(stored).toHaveLength(1);
  });

  it('refuses an airline naming another supplier than itself with 403', async () => {
    const response = await call('POST', '/api/v3/agreements', token.su, {
      supplier_id: id.KC,
      client_id: await freshForwarder(),
      currency: 'RUB',
      effective_from: '2030-01-01',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Forbidden');
  });

  it('lets the platform name the supplier, which must be an airline, and the client, which must be a forwarder', async () => {
    const client = await freshForwarder();
    const missing = await call('POST', '/api/v3/agreements', token.platform, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2030-01-01',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { supplier_id: ['required field'] } });

    const notAirline = await call('POST', '/api/v3/agreements', token.platform, {
      supplier_id: id.FWDA,
      client_id: client,
      currency: 'RUB',
      effective_from: '2030-01-01',
    });
    expect(notAirline.statusCode).toBe(422);
    expect(notAirline.json().errors).toEqual({ supplier_id: ['must be an airline company'] });

    for (const wrongClient of [id.KC, id.PLATFORM, 999999]) {
      const response = await call('POST', '/api/v3/agreements', token.su, {
        client_id: wrongClient,
        currency: 'RUB',
        effective_from: '2030-01-01',
      });
      expect(response.statusCode, String(wrongClient)).toBe(422);
      expect(response.json().errors).toEqual({ client_id: ['must be a forwarder company'] });
    }

    const made = await call('POST', '/api/v3/agreements', token.platform, {
      supplier_id: id.KC,
      client_id: client,
      currency: 'KZT',
      effective_from: '2030-01-01',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().supplier.id).toBe(id.KC);
  });

  it('refuses a currency outside the list, dates out of order or malformed, and bad codes with 422', async () => {
    const client = await freshForwarder();
    const base = { client_id: client, currency: 'RUB', effective_from: '2030-01-01' };
    for (const [field, patch] of [
      ['currency', { currency: 'GBP' }],
      ['effective_to', { effective_to: '2029-12-31' }],
      ['effective_from', { effective_from: '2030-02-30' }],
      ['effective_from', { effective_from: '01.01.2030' }],
      ['sales_origins.0', { sales_origins: ['MOSCOW'] }],
      ['additional_prefixes.0', { additional_prefixes: ['55'] }],
      ['client_id', { client_id: 'one' }],
      ['show_tariffs', { show_tariffs: 'yes' }],
    ] as const) {
      const response = await call('POST', '/api/v3/agreements', token.su, { ...base, ...patch });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error, field).toBe('ValidationFailed');
      expect(Object.keys(response.json().errors), field).toContain(field);
    }
    const missing = await call('POST', '/api/v3/agreements', token.su, { client_id: client });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['currency', 'effective_from']);
  });

  it('is refused to forwarders with 403', async () => {
    const response = await call('POST', '/api/v3/agreements', token.fwdA, {
      supplier_id: id.SU,
      client_id: id.FWDA,
      currency: 'RUB',
      effective_from: '2030-01-01',
    });
    expect(response.statusCode).toBe(403);
  });

  it('never answers random bodies with a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 2 ** 40 }),
      fc.constantFrom('2030-01-01', '2031-13-01', 'RUB', id.FWDB, id.KC),
      fc.boolean(),
      fc.constant(null),
    );
    const key = fc.constantFrom('supplier_id', 'client_id', 'currency', 'effective_from', 'effective_to', 'city');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), fc.boolean(), async (payload, patch) => {
        const response = patch
          ? await call('PATCH', `/api/v3/agreements/${agreementId['KC-2026-014']}`, token.platform, payload)
          : await call('POST', '/api/v3/agreements', token.platform, payload);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().error).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('the new-agreement notice (outbox)', () => {
  it("queues a mail to each live admin of the client in the agreement's transaction, and none when it is refused", async () => {
    const clientId = await freshForwarder();
    const [template] = await db.select().from(users).where(eq(users.id, tenants.fwdB.manager.id));
    const people = [
      { email: `admin.${clientId}@example.com`, locale: 'ru', role: 'admin' as const, blocked: false },
      { email: `operator.${clientId}@example.com`, locale: 'en', role: 'operator' as const, blocked: false },
      { email: `blocked.${clientId}@example.com`, locale: 'en', role: 'admin' as const, blocked: true },
    ];
    for (const p of people) {
      const [user] = await db
        .insert(users)
        .values({ email: p.email, locale: p.locale, password_hash: template!.password_hash })
        .returning();
      await db
        .insert(memberships)
        .values({ user_id: user!.id, company_id: clientId, role: p.role, blocked: p.blocked });
    }
    const mails = () =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_JOB), like(jobs.unique_key, `agreement-created:%:%.${clientId}@example.com`)));
    const body = { client_id: clientId, currency: 'RUB', effective_from: '2030-01-01', contract_number: 'N-1' };
    const created = await call('POST', '/api/v3/agreements', token.su, body);
    expect(created.statusCode).toBe(201);
    const queued = await mails();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      state: 'pending',
      unique_key: `agreement-created:${created.json().id}:admin.${clientId}@example.com`,
      payload: { to: `admin.${clientId}@example.com`, subject: expect.stringContaining('Новое соглашение') },
    });
    expect(String(queued[0]!.payload.text)).toContain('2030-01-01');

    const overlapping = await call('POST', '/api/v3/agreements', token.su, body);
    expect(overlapping.statusCode).toBe(422);
    expect(await mails()).toHaveLength(1);
  });
});

describe('PATCH /api/v3/agreements/{id}', () => {
  it('updates the fields given and keeps the others', async () => {
    const client = await freshForwarder();
    const made = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2032-01-01',
      contract_number: 'BEFORE',
      beneficiary: 'Bank',
    });
    const response = await call('PATCH', `/api/v3/agreements/${made.json().id}`, token.su, {
      contract_number: 'AFTER',
      effective_to: '2032-06-30',
      balance_check_disabled: true,
      beneficiary: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      contract_number: 'AFTER',
      effective_from: '2032-01-01',
      effective_to: '2032-06-30',
      balance_check_disabled: true,
      beneficiary: null,
      currency: 'RUB',
    });
  });

  it('refuses dates that overlap another agreement or end before the stored start', async () => {
    const client = await freshForwarder();
    const early = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2033-01-01',
      effective_to: '2033-06-30',
    });
    const late = await call('POST', '/api/v3/agreements', token.su, {
      client_id: client,
      currency: 'RUB',
      effective_from: '2033-07-01',
    });
    const overlap = await call('PATCH', `/api/v3/agreements/${early.json().id}`, token.su, {
      effective_to: '2033-07-01',
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().error).toBe('Exists');

    const backwards = await call('PATCH', `/api/v3/agreements/${late.json().id}`, token.su, {
      effective_to: '2033-06-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('effective_to');

    const own = await call('PATCH', `/api/v3/agreements/${early.json().id}`, token.su, {
      effective_from: '2032-12-01',
    });
    expect(own.statusCode).toBe(200);
  });

  it("answers 404 to airline KC changing SU's agreement and leaves it as it was", async () => {
    const response = await call('PATCH', `/api/v3/agreements/${agreementId['SU-2026-001']}`, token.kc, {
      contract_number: 'HIJACKED',
    });
    expect(response.statusCode).toBe(404);
    const read = await call('GET', `/api/v3/agreements/${agreementId['SU-2026-001']}`, token.platform);
    expect(read.json().contract_number).toBe('SU-2026-001');
  });

  it('refuses an airline moving its agreement to another supplier with 403', async () => {
    const response = await call('PATCH', `/api/v3/agreements/${agreementId['SU-2026-002']}`, token.su, {
      supplier_id: id.KC,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a client that is not a forwarder', async () => {
    const response = await call('PATCH', `/api/v3/agreements/${agreementId['SU-2026-002']}`, token.su, {
      client_id: id.KC,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ client_id: ['must be a forwarder company'] });
  });

  it('is refused to forwarders with 403', async () => {
    const response = await call('PATCH', `/api/v3/agreements/${agreementId['SU-2026-002']}`, token.fwdB, {
      contract_number: 'MINE',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/v3/agreements/companies', () => {
  it('offers an airline the active forwarders as clients', async () => {
    const [blocked] = await db
      .insert(companies)
      .values({ company_type: 'forwarder', name: 'Blocked Cargo', short_name: 'BLOCKEDFWD', state: 'blocked' })
      .returning();
    const response = await call('GET', '/api/v3/agreements/companies?per_page=200', token.su);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { id: number; company_type: string }[];
    expect(data.every((c) => c.company_type === 'forwarder')).toBe(true);
    expect(data.map((c) => c.id)).toEqual(expect.arrayContaining([id.FWDA, id.FWDB]));
    expect(data.map((c) => c.id)).not.toContain(blocked!.id);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      short_name: expect.any(String),
      company_type: 'forwarder',
    });

    const airlines = await call('GET', '/api/v3/agreements/companies?company_type=airline', token.su);
    expect(airlines.json().data).toEqual([]);
  });

  it('offers the platform airlines as suppliers too', async () => {
    const response = await call(
      'GET',
      '/api/v3/agreements/companies?company_type=airline&sort=short_name',
      token.platform,
    );
    expect(response.json().data.map((c: { short_name: string }) => c.short_name)).toEqual(['KC', 'SU']);
    const search = await call('GET', '/api/v3/agreements/companies?q=demo%20forwarder%20a', token.platform);
    expect(search.json().data.map((c: { id: number }) => c.id)).toEqual([id.FWDA]);
  });

  it('is refused to forwarders', async () => {
    expect((await call('GET', '/api/v3/agreements/companies', token.fwdA)).statusCode).toBe(403);
  });
});
