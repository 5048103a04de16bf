import type { Role } from '@aircargo/domain';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;

const id = await ctx.companyIds();

const call = ctx.call;

async function userId(email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function membershipId(email: string, company: keyof typeof id, role: Role | null): Promise<number> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.user_id, await userId(email)),
        eq(memberships.company_id, id[company]),
        role === null ? isNull(memberships.role) : eq(memberships.role, role),
      ),
    );
  return row!.id;
}

/** Makes the user act as the given role of the company (the role must exist). */
async function actAs(token: string, email: string, company: keyof typeof id, role: Role | null) {
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token, {
    role_id: await membershipId(email, company, role),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const usersOf = (company: number) => `/api/v3/companies/${company}/user_profiles`;

const token = {
  platform: await ctx.signIn(DEMO.platform),
  suAdmin: await ctx.signIn(DEMO.suManager),
  fwdAAdmin: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};
await actAs(token.suAdmin, DEMO.suManager, 'SU', 'admin');
await actAs(token.fwdAAdmin, DEMO.fwdA, 'FWDA', 'admin');

let serial = 0;
const newEmail = (prefix = 'user') => `${prefix}.${++serial}@example.com`;

/** Adds a brand-new user to a company through the API and answers the created entry. */
async function addUser(as: string, company: number, roles: string[], extra: Record<string, unknown> = {}) {
  const response = await call('POST', usersOf(company), as, {
    email: newEmail(),
    roles,
    password: 'new-user-pass-1',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; email: string; roles: { id: number; name: string }[]; blocked: boolean };
}

describe('GET /api/v3/companies/{id}/user_profiles', () => {
  it('lists the users of a company with their roles there, default standing for operator', async () => {
    const response = await call('GET', usersOf(id.SU), token.platform);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ total_count: 1, current_page: 1, total_pages: 1 });
    expect(body.data).toEqual([
      {
        id: await userId(DEMO.suManager),
        email: DEMO.suManager,
        firstname: 'Sergey',
        lastname: 'Demo',
        roles: [
          { id: await membershipId(DEMO.suManager, 'SU', 'manager'), name: 'manager' },
          { id: await membershipId(DEMO.suManager, 'SU', 'operator'), name: 'default' },
          { id: await membershipId(DEMO.suManager, 'SU', 'billing'), name: 'billing' },
          { id: await membershipId(DEMO.suManager, 'SU', 'admin'), name: 'admin' },
        ],
        description: null,
        blocked: false,
      },
    ]);
  });

  it('lists platform users without roles, as the platform has none', async () => {
    const response = await call('GET', usersOf(id.PLATFORM), token.platform);
    expect(response.json().data).toEqual([expect.objectContaining({ email: DEMO.platform, roles: [] })]);
  });

  it('filters by search text, role and blocked state, and sorts', async () => {
    const kept = await addUser(token.suAdmin, id.SU, ['billing'], { firstname: 'Zoya' });
    const blocked = await addUser(token.suAdmin, id.SU, ['ics_inspector'], { firstname: 'Yuri' });
    await call('PATCH', `${usersOf(id.SU)}/${blocked.id}`, token.suAdmin, { blocked: true });

    const byRole = await call('GET', `${usersOf(id.SU)}?role=billing&sort=-firstname`, token.suAdmin);
    expect(byRole.json().data.map((u: { id: number }) => u.id)).toEqual([kept.id, await userId(DEMO.suManager)]);

    const byText = await call('GET', `${usersOf(id.SU)}?q=zoy`, token.suAdmin);
    expect(byText.json().data.map((u: { id: number }) => u.id)).toEqual([kept.id]);

    const onlyBlocked = await call('GET', `${usersOf(id.SU)}?blocked=true`, token.suAdmin);
    expect(onlyBlocked.json().data.map((u: { id: number }) => u.id)).toEqual([blocked.id]);
    expect(onlyBlocked.json().meta.total_count).toBe(1);

    const live = await call('GET', `${usersOf(id.SU)}?blocked=false&per_page=1`, token.suAdmin);
    expect(live.json().meta).toMatchObject({ total_count: 2, total_pages: 2, next_page: 2 });
  });

  it('refuses a filter or sort outside the whitelist with 422', async () => {
    for (const query of ['sort=password_hash', 'blocked=maybe', 'role=owner', 'per_page=0']) {
      const response = await call('GET', `${usersOf(id.SU)}?${query}`, token.platform);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it("answers 404 to a company admin asking for another company's users", async () => {
    const response = await call('GET', usersOf(id.FWDB), token.fwdAAdmin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NotFound',
      errors: {},
      message: 'Company not found',
      message_key: { key: 'companyUnknown', params: {} },
    });
  });

  it('is refused to a user who is not an admin', async () => {
    const response = await call('GET', usersOf(id.FWDB), token.fwdB);
    expect(response.statusCode).toBe(403);
  });
});

describe('forwarder B and the users of forwarder A', () => {
  it('never reads or changes them, even as an admin of B', async () => {
    const fwdBId = await userId(DEMO.fwdB);
    await db.insert(memberships).values({ user_id: fwdBId, company_id: id.FWDB, role: 'admin' });
    const fwdBAdmin = await ctx.signIn(DEMO.fwdB);
    await actAs(fwdBAdmin, DEMO.fwdB, 'FWDB', 'admin');

    expect((await call('GET', usersOf(id.FWDB), fwdBAdmin)).statusCode).toBe(200);
    const read = await call('GET', usersOf(id.FWDA), fwdBAdmin);
    expect(read.statusCode).toBe(404);
    const add = await call('POST', usersOf(id.FWDA), fwdBAdmin, {
      email: newEmail(),
      roles: ['admin'],
      password: 'sneaky-pass-1',
    });
    expect(add.statusCode).toBe(404);
    const change = await call('PATCH', `${usersOf(id.FWDA)}/${await userId(DEMO.fwdA)}`, fwdBAdmin, {
      blocked: true,
    });
    expect(change.statusCode).toBe(404);

    const stillLive = await call('GET', usersOf(id.FWDA), token.platform);
    expect(stillLive.json().data.every((u: { blocked: boolean }) => !u.blocked)).toBe(true);
    await actAs(fwdBAdmin, DEMO.fwdB, 'FWDB', 'operator');
  });
});

describe('POST /api/v3/companies/{id}/user_profiles', () => {
  it('creates a system user with the roles, who can then sign in to that company', async () => {
    const email = newEmail('new');
    const response = await call('POST', usersOf(id.SU), token.suAdmin, {
      email: email.toUpperCase(),
      roles: ['default', 'manager'],
      description: 'Night shift',
      firstname: 'Nina',
      lastname: 'Novak',
      password: 'nina-pass-2026',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      firstname: 'Nina',
      lastname: 'Novak',
      description: 'Night shift',
      blocked: false,
      roles: [
        { id: expect.any(Number), name: 'default' },
        { id: expect.any(Number), name: 'manager' },
      ],
    });
    const [stored] = await db.select().from(users).where(eq(users.id, body.id));
    expect(stored).toMatchObject({ system: true, email });

    const newToken = await ctx.signIn(email, 'nina-pass-2026');
    const profile = await call('GET', '/api/v3/profiles/me', newToken);
    expect(profile.json()).toMatchObject({ company_id: id.SU, role: 'airline_default' });
  });

  it('needs a password of at least 8 characters to create a user', async () => {
    const missing = await call('POST', usersOf(id.SU), token.suAdmin, { email: newEmail(), roles: ['manager'] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { password: ['required field'] } });

    const short = await call('POST', usersOf(id.SU), token.suAdmin, {
      email: newEmail(),
      roles: ['manager'],
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
  });

  it('invites an existing account by e-mail: nothing changes until its owner accepts', async () => {
    const response = await call('POST', usersOf(id.FWDA), token.fwdAAdmin, {
      email: DEMO.fwdB,
      roles: ['default'],
      password: 'would-be-takeover',
      firstname: 'Renamed',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Invitation sent', email: DEMO.fwdB });

    const again = await ctx.signIn(DEMO.fwdB, DEMO_PASSWORD);
    const companiesOf = async () =>
      (await call('GET', '/api/v3/profiles/me', again))
        .json()
        .available_roles.map((r: { company_id: number }) => r.company_id);
    expect(await companiesOf()).not.toContain(id.FWDA);
    const [invitation] = (await call('GET', '/api/v3/invitations', again)).json();
    expect(invitation).toMatchObject({ company_id: id.FWDA, roles: ['operator'] });
    expect((await call('POST', `/api/v3/invitations/${invitation.id}/accept`, again)).statusCode).toBe(204);
    const profile = await call('GET', '/api/v3/profiles/me', again);
    expect(profile.json()).toMatchObject({ company_id: id.FWDB, firstname: 'Boris' });
    expect(await companiesOf()).toContain(id.FWDA);
  });

  it('refuses a user who already has a role in the company with 422 Exists', async () => {
    const response = await call('POST', usersOf(id.FWDA), token.fwdAAdmin, { email: DEMO.fwdA, roles: ['default'] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Exists',
      errors: { email: ['User already exists in the company'] },
      message: 'User already exists in the company',
      message_key: { key: 'userExists', params: {} },
      error_keys: { email: [{ key: 'userExists', params: {} }] },
    });
  });

  it('refuses to assign a role to a non-system user with 422 EmptyFields', async () => {
    const outsider = await addUser(token.platform, id.KC, ['manager']);
    await db.update(users).set({ system: false }).where(eq(users.id, outsider.id));
    const response = await call('POST', usersOf(id.SU), token.suAdmin, { email: outsider.email, roles: ['manager'] });
    // The same answer as for anyone else; the refusal comes when the invitation is accepted.
    expect(response.statusCode).toBe(202);
    const own = await ctx.signIn(outsider.email, 'new-user-pass-1');
    const [invitation] = (await call('GET', '/api/v3/invitations', own)).json();
    const accepted = await call('POST', `/api/v3/invitations/${invitation.id}/accept`, own);
    expect(accepted.statusCode).toBe(422);
    expect(accepted.json()).toMatchObject({ error: 'EmptyFields', message: "Can't assign role for non-system user" });
    const listed = await call('GET', usersOf(id.SU), token.suAdmin);
    expect(listed.json().data.map((u: { id: number }) => u.id)).not.toContain(outsider.id);
  });

  it('accepts only roles of the company type, and none for platform and visitor companies', async () => {
    const cases: [number, string[], string][] = [
      [id.FWDA, ['manager'], 'ValidationFailed'],
      [id.FWDA, [], 'EmptyFields'],
      [id.PLATFORM, ['admin'], 'ValidationFailed'],
      [id.SU, ['owner'], 'ValidationFailed'],
    ];
    for (const [company, roles, error] of cases) {
      const as = company === id.FWDA ? token.fwdAAdmin : token.platform;
      const response = await call('POST', usersOf(company), as, { email: newEmail(), roles, password: 'good-pass-1' });
      expect(response.statusCode, `${company} ${roles}`).toBe(422);
      expect(response.json().error, `${company} ${roles}`).toBe(error);
      const fields = Object.keys(response.json().errors);
      expect(fields.length && fields.every((f) => f.startsWith('roles')), `${company} ${roles}`).toBe(true);
    }
    const platformUser = await addUser(token.platform, id.PLATFORM, []);
    expect(platformUser.roles).toEqual([]);
  });

  it('answers wrong types and missing fields with 422 in the error model', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', roles: ['admin'], password: 'good-pass-1' },
      { email: newEmail(), roles: 'admin', password: 'good-pass-1' },
      { email: newEmail(), password: 'good-pass-1' },
      { email: newEmail(), roles: ['admin'], password: 12345678 },
    ]) {
      const response = await call('POST', usersOf(id.SU), token.suAdmin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({ error: 'ValidationFailed', errors: expect.any(Object) });
    }
  });

  it('never answers random bodies with a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.constantFrom('admin', 'default', 'manager', 'x'), { maxLength: 3 }),
    );
    const key = fc.constantFrom('email', 'roles', 'password', 'description', 'blocked', 'firstname');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 5 }), fc.boolean(), async (payload, patch) => {
        const response = patch
          ? await call('PATCH', `${usersOf(id.SU)}/${await userId(DEMO.platform)}`, token.platform, payload)
          : await call('POST', usersOf(id.SU), token.platform, payload);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().error).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('PATCH /api/v3/companies/{id}/user_profiles/{user_id}', () => {
  it('replaces the roles, keeping the membership ids of the roles that stay', async () => {
    const user = await addUser(token.suAdmin, id.SU, ['manager', 'billing']);
    const billing = user.roles.find((r) => r.name === 'billing')!;
    const response = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, {
      roles: ['billing', 'ics_inspector'],
      description: 'Audits',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'Audits',
      roles: [billing, { id: expect.any(Number), name: 'ics_inspector' }],
    });
  });

  it("points the user's current membership at a remaining role when the current one is removed", async () => {
    const email = newEmail();
    const user = await addUser(token.suAdmin, id.SU, ['manager'], { email });
    const userToken = await ctx.signIn(email, 'new-user-pass-1');
    expect((await call('GET', '/api/v3/profiles/me', userToken)).json().role).toBe('airline_manager');

    await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, { roles: ['billing'] });
    const profile = await call('GET', '/api/v3/profiles/me', userToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().role).toBe('airline_billing');
  });

  it('blocks a user left with no access, whose tokens die and whose sign-in is refused, and unblocks them', async () => {
    const email = newEmail();
    const user = await addUser(token.suAdmin, id.SU, ['default'], { email });
    const userToken = await ctx.signIn(email, 'new-user-pass-1');
    expect((await call('GET', '/api/v3/profiles/me', userToken)).statusCode).toBe(200);

    const blocked = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().blocked).toBe(true);

    expect((await call('GET', '/api/v3/profiles/me', userToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/v3/agreements', userToken)).statusCode).toBe(401);
    await expect(ctx.signIn(email, 'new-user-pass-1')).rejects.toThrow(/invalid_grant/);

    const unblocked = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, { blocked: false });
    expect(unblocked.json().blocked).toBe(false);
    const again = await ctx.signIn(email, 'new-user-pass-1');
    expect((await call('GET', '/api/v3/profiles/me', again)).statusCode).toBe(200);
  });

  it('leaves a blocked user where they are, listing the other live membership in available_urls', async () => {
    const email = newEmail();
    const inKc = await addUser(token.platform, id.KC, ['manager'], { email });
    await call('POST', usersOf(id.SU), token.suAdmin, { email, roles: ['default'] });
    const userToken = await ctx.signIn(email, 'new-user-pass-1');
    const [invitation] = (await call('GET', '/api/v3/invitations', userToken)).json();
    expect((await call('POST', `/api/v3/invitations/${invitation.id}/accept`, userToken)).statusCode).toBe(204);
    await actAs(userToken, email, 'SU', 'operator');
    const kcRole = await membershipId(email, 'KC', 'manager');

    await call('PATCH', `${usersOf(id.SU)}/${inKc.id}`, token.suAdmin, { blocked: true });
    const profile = await call('GET', '/api/v3/profiles/me', userToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      company_id: id.SU,
      access_denied: true,
      available_urls: [`/air-waybills?role_id=${kcRole}`],
    });
    expect(profile.json().available_roles.map((r: { company_id: number }) => r.company_id)).toEqual([id.KC]);
    const denied = await call('GET', '/api/v3/agreements', userToken);
    expect(denied.json()).toMatchObject({ error: 'Forbidden', available_urls: [`/air-waybills?role_id=${kcRole}`] });

    const switched = await call('PATCH', '/api/v3/profiles/me/current_role', userToken, { role_id: kcRole });
    expect(switched.json()).toMatchObject({ company_id: id.KC, role: 'airline_manager', access_denied: false });
    expect((await call('GET', '/api/v3/agreements', userToken)).statusCode).toBe(200);
  });

  it('refuses to change the roles of a non-system user but lets other fields change', async () => {
    const user = await addUser(token.suAdmin, id.SU, ['default']);
    await db.update(users).set({ system: false }).where(eq(users.id, user.id));
    const change = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, { roles: ['manager'] });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toMatchObject({ error: 'EmptyFields', message: "Can't change role for non-system user" });

    const same = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, {
      roles: ['default'],
      description: 'External account',
      blocked: true,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ description: 'External account', blocked: true, roles: [{ name: 'default' }] });
  });

  it('answers 404 User not found for a user without a role in the company', async () => {
    for (const user of [999999, await userId(DEMO.platform)]) {
      const response = await call('PATCH', `${usersOf(id.SU)}/${user}`, token.suAdmin, { description: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'NotFound',
        errors: {},
        message: 'User not found',
        message_key: { key: 'userNotFound', params: {} },
      });
    }
  });

  it('does not let a user block themselves or give up their own admin role', async () => {
    const me = await userId(DEMO.suManager);
    const block = await call('PATCH', `${usersOf(id.SU)}/${me}`, token.suAdmin, { blocked: true });
    expect(block.statusCode).toBe(422);
    expect(block.json().message).toBe('You cannot block yourself');

    const strip = await call('PATCH', `${usersOf(id.SU)}/${me}`, token.suAdmin, { roles: ['manager', 'default'] });
    expect(strip.statusCode).toBe(422);
    expect(strip.json().message).toBe('You cannot remove your own admin role');

    const listed = await call('GET', `${usersOf(id.SU)}?q=su.manager`, token.suAdmin);
    expect(listed.json().data[0]).toMatchObject({ blocked: false });
    expect(listed.json().data[0].roles.map((r: { name: string }) => r.name)).toContain('admin');

    const keep = await call('PATCH', `${usersOf(id.SU)}/${me}`, token.suAdmin, {
      roles: ['admin', 'manager', 'default', 'billing'],
      description: 'Owner',
    });
    expect(keep.statusCode).toBe(200);
  });

  it('refuses roles of another company type and an empty role list', async () => {
    const user = await addUser(token.fwdAAdmin, id.FWDA, ['default']);
    for (const roles of [['billing'], []]) {
      const response = await call('PATCH', `${usersOf(id.FWDA)}/${user.id}`, token.fwdAAdmin, { roles });
      expect(response.statusCode, JSON.stringify(roles)).toBe(422);
    }
  });

  it('answers wrong types with 422 in the error model', async () => {
    const user = await addUser(token.suAdmin, id.SU, ['default']);
    for (const payload of [{ blocked: 'yes' }, { roles: 'admin' }, { description: 5 }]) {
      const response = await call('PATCH', `${usersOf(id.SU)}/${user.id}`, token.suAdmin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error).toBe('ValidationFailed');
    }
    const badId = await call('PATCH', `${usersOf(id.SU)}/abc`, token.suAdmin, { blocked: false });
    expect(badId.statusCode).toBe(422);
  });
});
