import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

/** Attacks on adding accounts to a company (issue 8 item 3): invitations, removal, global bans. */
const ctx = await createTestApp();
const { database } = ctx;
const db = database.db;
const ids = await ctx.companyIds();
const PASSWORD = 'Kestrel-Harbour-1987';
const platform = await ctx.signIn(DEMO.platform);
const usersOf = (company: number) => `/api/v3/companies/${company}/user_profiles`;

let serial = 0;
/** A fresh account of company `company`, made by the platform, with its token. */
async function member(company: number, roles: string[] = ['default']) {
  serial += 1;
  const email = `member${serial}.invite@demo.aero`;
  const response = await ctx.call('POST', usersOf(company), platform, { email, roles, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as number, email, token: await ctx.signIn(email, PASSWORD) };
}
const membershipsOf = (userId: number) => db.select().from(memberships).where(eq(memberships.user_id, userId));

describe("a company admin adding someone else's account", () => {
  it('cannot attach platform staff or another tenant: the answer is one fixed invitation notice', async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const [platformUser] = await db.select().from(users).where(eq(users.email, DEMO.platform));
    const before = await membershipsOf(platformUser!.id);
    const answers = [];
    for (const email of [DEMO.platform, DEMO.suManager]) {
      const response = await ctx.call('POST', usersOf(ids.FWDA), admin.token, { email, roles: ['admin'] });
      expect(response.statusCode).toBe(202);
      answers.push(response.json());
    }
    expect(answers).toEqual([
      { message: 'Invitation sent', email: DEMO.platform },
      { message: 'Invitation sent', email: DEMO.suManager },
    ]);
    // No names, no company, no memberships: the platform account is exactly as it was.
    expect(JSON.stringify(answers)).not.toMatch(/firstname|lastname|company/);
    expect(await membershipsOf(platformUser!.id)).toEqual(before);
    const listed = await ctx.call('GET', usersOf(ids.FWDA), admin.token);
    expect(listed.json().data.map((u: { email: string }) => u.email)).not.toContain(DEMO.platform);
  });

  it('never re-homes an account whose membership the platform blocked', async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const target = await member(ids.KC, ['manager']);
    await ctx.call('PATCH', `${usersOf(ids.KC)}/${target.id}`, platform, { blocked: true });
    expect((await ctx.call('GET', '/api/v3/profiles/me', target.token)).statusCode).toBe(401);

    const invited = await ctx.call('POST', usersOf(ids.FWDA), admin.token, { email: target.email, roles: ['default'] });
    expect(invited.statusCode).toBe(202);
    const rows = await membershipsOf(target.id);
    expect(rows.map((m) => m.company_id)).toEqual([ids.KC]);
    expect((await ctx.call('GET', '/api/v3/profiles/me', target.token)).statusCode).toBe(401);
    const [user] = await db.select().from(users).where(eq(users.id, target.id));
    expect(user!.current_membership_id).toBe(rows[0]!.id);
  });

  it('lets only the invitee accept or decline, once', async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const invitee = await member(ids.FWDB);
    const other = await member(ids.FWDB);
    await ctx.call('POST', usersOf(ids.FWDA), admin.token, { email: invitee.email, roles: ['default'] });
    const [invitation] = (await ctx.call('GET', '/api/v3/invitations', invitee.token)).json();
    expect(invitation).toMatchObject({ company_id: ids.FWDA, company_short_name: 'FWDA', roles: ['operator'] });
    expect((await ctx.call('GET', '/api/v3/invitations', other.token)).json()).toEqual([]);
    const stolen = await ctx.call('POST', `/api/v3/invitations/${invitation.id}/accept`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect((await membershipsOf(other.id)).map((m) => m.company_id)).toEqual([ids.FWDB]);

    expect((await ctx.call('POST', `/api/v3/invitations/${invitation.id}/decline`, invitee.token)).statusCode).toBe(
      204,
    );
    expect((await ctx.call('POST', `/api/v3/invitations/${invitation.id}/accept`, invitee.token)).statusCode).toBe(404);
    expect((await membershipsOf(invitee.id)).map((m) => m.company_id)).toEqual([ids.FWDB]);
  });

  it('still refuses to add a member twice with Exists (inside its own company)', async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const colleague = await member(ids.FWDA);
    const response = await ctx.call('POST', usersOf(ids.FWDA), admin.token, {
      email: colleague.email,
      roles: ['default'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('Exists');
  });
});

describe('removing a membership', () => {
  it("deletes the user's memberships in the company and ends the sessions acting there", async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const leaver = await member(ids.FWDA);
    const removed = await ctx.call('DELETE', `${usersOf(ids.FWDA)}/${leaver.id}`, admin.token);
    expect(removed.statusCode).toBe(204);
    expect(await membershipsOf(leaver.id)).toEqual([]);
    expect((await ctx.call('GET', '/api/v3/profiles/me', leaver.token)).statusCode).toBe(401);
    expect((await ctx.call('DELETE', `${usersOf(ids.FWDA)}/${leaver.id}`, admin.token)).statusCode).toBe(404);
  });

  it("is refused for another company's users and for oneself", async () => {
    const admin = await member(ids.FWDA, ['admin']);
    const stranger = await member(ids.FWDB);
    expect((await ctx.call('DELETE', `${usersOf(ids.FWDB)}/${stranger.id}`, admin.token)).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `${usersOf(ids.FWDA)}/${stranger.id}`, admin.token)).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `${usersOf(ids.FWDA)}/${admin.id}`, admin.token)).statusCode).toBe(422);
    expect((await membershipsOf(stranger.id)).length).toBe(1);
  });
});

describe('a global ban', () => {
  it('ends every session and refuses sign-in until lifted; only the platform may ban', async () => {
    const target = await member(ids.FWDB);
    const admin = await member(ids.FWDB, ['admin']);
    expect((await ctx.call('PUT', `/api/v3/users/${target.id}/ban`, admin.token, { banned: true })).statusCode).toBe(
      403,
    );
    expect((await ctx.call('PUT', `/api/v3/users/${target.id}/ban`, platform, { banned: true })).statusCode).toBe(204);
    expect((await ctx.call('GET', '/api/v3/profiles/me', target.token)).statusCode).toBe(401);
    await expect(ctx.signIn(target.email, PASSWORD)).rejects.toThrow(/invalid_grant/);
    expect((await ctx.call('PUT', `/api/v3/users/${target.id}/ban`, platform, { banned: false })).statusCode).toBe(204);
    expect(await ctx.signIn(target.email, PASSWORD)).toBeTruthy();
  });
});
