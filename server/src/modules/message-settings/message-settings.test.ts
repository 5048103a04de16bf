import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, messageSettings, messagingSettings, users } from '../../db/schema';
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

const URL = '/api/v3/message_settings';
const SECRETS = ['gw-password-123', 'gw-api-key-456', 'webhook-secret-0123456789', 'setting-secret-0123456789'];

async function suActsAs(role: 'manager' | 'operator' | 'billing') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id });
  expect(response.statusCode).toBe(200);
}

const emailSetting = {
  event: 'awb_created',
  message_type: 'FWB',
  version: 16,
  channel: 'email',
  addresses: ['OPS@Partner.example', 'ops@partner.example'],
  cc: ['copy@partner.example'],
  origin: 'svo',
};

describe('POST /api/v3/message_settings', () => {
  it("adds a setting of the airline manager's own airline and answers it in full", async () => {
    const response = await call('POST', URL, token.su, emailSetting);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      company: { id: id.SU, short_name: 'SU' },
      airline: { id: id.SU, short_name: 'SU' },
      event: 'awb_created',
      message_type: 'FWB',
      version: 16,
      channel: 'email',
      addresses: ['ops@partner.example'],
      cc: ['copy@partner.example'],
      bcc: [],
      webhook_url: null,
      has_webhook_secret: false,
      enabled: true,
      origin: 'SVO',
      destination: null,
      row_version: 1,
    });
  });

  it('checks addresses against the channel', async () => {
    const sita = await call('POST', URL, token.su, { ...emailSetting, channel: 'sita', addresses: ['ops@x.example'] });
    expect(sita.statusCode).toBe(422);
    expect(Object.keys(sita.json().errors)).toEqual(['addresses.0']);
    const okSita = await call('POST', URL, token.su, { ...emailSetting, channel: 'sita', addresses: ['ledfmsu'] });
    expect(okSita.statusCode, okSita.body).toBe(201);
    expect(okSita.json()).toMatchObject({ addresses: ['LEDFMSU'], cc: [] });
    const email = await call('POST', URL, token.su, { ...emailSetting, addresses: ['LEDFMSU'] });
    expect(email.statusCode).toBe(422);
    const empty = await call('POST', URL, token.su, { ...emailSetting, addresses: [] });
    expect(empty.statusCode).toBe(422);
    const webhook = await call('POST', URL, token.su, { ...emailSetting, channel: 'webhook', addresses: [] });
    expect(webhook.statusCode).toBe(422);
    expect(webhook.json().errors.webhook_url).toEqual(['required field']);
  });

  it('refuses a type the owner may not send (an airline and FFR)', async () => {
    const response = await call('POST', URL, token.su, { ...emailSetting, message_type: 'FFR' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_keys.message_type[0].key).toBe('telegramNotSendable');
    const platform = await call('POST', URL, token.platform, {
      ...emailSetting,
      message_type: 'FFR',
      airline_id: id.SU,
    });
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json()).toMatchObject({ company: { id: id.PLATFORM }, airline: { id: id.SU } });
  });

  it('needs an airline from the platform; an airline cannot name another', async () => {
    const missing = await call('POST', URL, token.platform, emailSetting);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { airline_id: ['required field'] } });
    expect((await call('POST', URL, token.platform, { ...emailSetting, airline_id: id.FWDA })).statusCode).toBe(404);
    expect((await call('POST', URL, token.kc, { ...emailSetting, airline_id: id.SU })).statusCode).toBe(404);
  });

  it('keeps the webhook secret write-only', async () => {
    const response = await call('POST', URL, token.su, {
      ...emailSetting,
      channel: 'webhook',
      addresses: [],
      webhook_url: 'https://hooks.partner.example/cargo',
      webhook_secret: SECRETS[3],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ has_webhook_secret: true, addresses: [], cc: [] });
    expect(response.body).not.toContain(SECRETS[3]);
  });
});

describe('GET, PATCH and DELETE /api/v3/message_settings', () => {
  it("lists an airline's own settings; the platform all; a forwarder none", async () => {
    const su = await call('GET', URL, token.su);
    expect(su.statusCode).toBe(200);
    expect(su.json().data.every((s: { company: { id: number } }) => s.company.id === id.SU)).toBe(true);
    expect(su.json().meta.total_count).toBe(3);
    expect((await call('GET', URL, token.kc)).json().meta.total_count).toBe(0);
    expect((await call('GET', URL, token.platform)).json().meta.total_count).toBe(4);
    expect((await call('GET', `${URL}?channel=sita`, token.platform)).json().meta.total_count).toBe(1);
    expect((await call('GET', URL, token.fwdA)).statusCode).toBe(403);
  });

  it('changes a setting, checks the row version, and hides it from another airline', async () => {
    const [own] = (await call('GET', `${URL}?channel=email`, token.su)).json().data;
    const response = await call('PATCH', `${URL}/${own.id}`, token.su, {
      enabled: false,
      row_version: own.row_version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      enabled: false,
      row_version: own.row_version + 1,
      addresses: own.addresses,
    });
    const stale = await call('PATCH', `${URL}/${own.id}`, token.su, { enabled: true, row_version: own.row_version });
    expect(stale.statusCode).toBe(409);
    const toSita = await call('PATCH', `${URL}/${own.id}`, token.su, { channel: 'sita' });
    expect(toSita.statusCode).toBe(422);
    // Addresses alone are checked against the stored channel (e-mail) and stored in its form.
    const typeB = await call('PATCH', `${URL}/${own.id}`, token.su, { addresses: ['LEDFMSU'] });
    expect(typeB.statusCode).toBe(422);
    expect(Object.keys(typeB.json().errors)).toEqual(['addresses.0']);
    const mails = await call('PATCH', `${URL}/${own.id}`, token.su, { addresses: ['New@Partner.example'] });
    expect(mails.json().addresses).toEqual(['new@partner.example']);
    expect((await call('GET', `${URL}/${own.id}`, token.kc)).statusCode).toBe(404);
    expect((await call('PATCH', `${URL}/${own.id}`, token.kc, { enabled: true })).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/${own.id}`, token.kc)).statusCode).toBe(404);
    const [row] = await db.select().from(messageSettings).where(eq(messageSettings.id, own.id));
    expect(row!.enabled).toBe(false);
  });

  it('lets only the manager write; the operator reads', async () => {
    const [own] = (await call('GET', URL, token.su)).json().data;
    await suActsAs('operator');
    expect((await call('GET', URL, token.su)).statusCode).toBe(200);
    expect((await call('PATCH', `${URL}/${own.id}`, token.su, { enabled: true })).statusCode).toBe(403);
    expect((await call('POST', URL, token.su, emailSetting)).statusCode).toBe(403);
    await suActsAs('billing');
    expect((await call('GET', URL, token.su)).statusCode).toBe(403);
    await suActsAs('manager');
    const removed = await call('DELETE', `${URL}/${own.id}`, token.su);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${URL}/${own.id}`, token.su)).statusCode).toBe(404);
  });
});

describe('GET and PUT /api/v3/messaging_settings', () => {
  const MS = '/api/v3/messaging_settings';

  it('answers empty settings before any are made', async () => {
    const response = await call('GET', MS, token.kc);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company: { id: id.KC },
      type_b_address: null,
      gateway_kind: null,
      has_password: false,
      has_api_key: false,
      has_secret: false,
    });
  });

  it('stores secrets and never answers them; absent keeps, null removes', async () => {
    const put = await call('PUT', MS, token.su, {
      type_b_address: 'mowfmsu',
      mailbox_address: 'Cargo@SU.example',
      gateway_kind: 'http',
      gateway_url: 'https://gateway.sita.example/typeb',
      gateway_username: 'su-cargo',
      gateway_password: SECRETS[0],
      gateway_api_key: SECRETS[1],
      webhook_secret: SECRETS[2],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      type_b_address: 'MOWFMSU',
      mailbox_address: 'cargo@su.example',
      gateway_kind: 'http',
      gateway_url: 'https://gateway.sita.example/typeb',
      gateway_username: 'su-cargo',
      has_password: true,
      has_api_key: true,
      has_secret: true,
    });
    const again = await call('PUT', MS, token.su, { gateway_kind: 'http', gateway_url: 'https://gw2.sita.example/' });
    expect(again.json()).toMatchObject({ has_password: true, has_api_key: true, type_b_address: 'MOWFMSU' });
    const cleared = await call('PUT', MS, token.su, { gateway_api_key: null });
    expect(cleared.json()).toMatchObject({ has_password: true, has_api_key: false });
    const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.company_id, id.SU));
    expect(row).toMatchObject({ gateway_password: SECRETS[0], gateway_api_key: null });
    // No answer of any call here carries a secret.
    for (const url of [MS, `${MS}?company_id=${id.SU}`, URL]) {
      const response = await call('GET', url, url.includes('company_id') ? token.platform : token.su);
      expect(response.statusCode).toBe(200);
      for (const secret of SECRETS) expect(response.body).not.toContain(secret);
    }
  });

  it('needs the gateway address or URL of its kind', async () => {
    const response = await call('PUT', MS, token.su, { gateway_kind: 'email' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ gateway_address: ['required field'] });
  });

  it("refuses another company's settings to an airline and a forwarder; the platform names one", async () => {
    expect((await call('GET', `${MS}?company_id=${id.SU}`, token.kc)).statusCode).toBe(404);
    expect((await call('PUT', `${MS}?company_id=${id.SU}`, token.kc, { type_b_address: 'ALAFMKC' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', MS, token.fwdA)).statusCode).toBe(403);
    const platform = await call('GET', `${MS}?company_id=${id.SU}`, token.platform);
    expect(platform.json()).toMatchObject({ company: { id: id.SU }, type_b_address: 'MOWFMSU' });
  });
});
