import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO } from '../../test/harness';

// Seed 001 section 5 rules on companies, agreements and the user's profile: each answers 422 with the seed's text.

const ctx = await createTestApp();
const call = ctx.call;
const id = await ctx.companyIds();
const platform = await ctx.signIn(DEMO.platform);
const URL = '/api/v3/companies';

let serial = 0;
function company(fields: Record<string, unknown>) {
  serial += 1;
  return { company_type: 'forwarder', name: `Rules Test ${serial}`, short_name: `RULES${serial}`, ...fields };
}

async function refused(payload: Record<string, unknown>, field: string, message: string) {
  const response = await call('POST', URL, platform, company(payload));
  expect(response.statusCode, JSON.stringify(payload)).toBe(422);
  expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
}

describe('INN and KPP of a Russian company', () => {
  it('takes an INN of 10 or 12 digits and refuses other lengths with "Invalid INN length"', async () => {
    expect((await call('POST', URL, platform, company({ country: 'RU', tax_number: '7712345678' }))).statusCode).toBe(
      201,
    );
    expect((await call('POST', URL, platform, company({ country: 'RU', tax_number: '771234567890' }))).statusCode).toBe(
      201,
    );
    await refused({ country: 'RU', tax_number: '77123456' }, 'tax_number', 'Invalid INN length');
    await refused({ country: 'RU', tax_number: '7712345678901' }, 'tax_number', 'Invalid INN length');
    // Outside Russia a tax number is not an INN.
    expect((await call('POST', URL, platform, company({ country: 'KZ', tax_number: '123' }))).statusCode).toBe(201);
  });

  it('refuses an INN/KPP pair another Russian company holds with 422 Exists', async () => {
    const first = await call(
      'POST',
      URL,
      platform,
      company({ country: 'RU', tax_number: '7700000001', kpp: '770101001' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().kpp).toBe('770101001');
    const same = await call(
      'POST',
      URL,
      platform,
      company({ country: 'RU', tax_number: '7700000001', kpp: '770101001' }),
    );
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({
      error: 'Exists',
      message: 'INN/KPP pair already exists',
      errors: { tax_number: ['INN/KPP pair already exists'] },
    });
    // A branch: the same INN with another KPP.
    const branch = await call(
      'POST',
      URL,
      platform,
      company({ country: 'RU', tax_number: '7700000001', kpp: '780101001' }),
    );
    expect(branch.statusCode).toBe(201);
    // The demo forwarder A holds 7701234567 without a KPP.
    await refused({ country: 'RU', tax_number: '7701234567' }, 'tax_number', 'INN/KPP pair already exists');
  });

  it('checks the pair on a change too, against the stored record', async () => {
    const response = await call('PATCH', `${URL}/${id.FWDB}`, platform, { tax_number: '7701234567' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('Exists');
    const own = await call('PATCH', `${URL}/${id.FWDA}`, platform, { tax_number: '7701234567', city: 'Moscow' });
    expect(own.statusCode, own.body).toBe(200);
    const length = await call('PATCH', `${URL}/${id.FWDA}`, platform, { tax_number: '77012345' });
    expect(length.json().errors).toEqual({ tax_number: ['Invalid INN length'] });
  });

  it('takes a KPP only in its format and beside a 10-digit INN', async () => {
    await refused(
      { country: 'RU', tax_number: '7712345670', kpp: '7701' },
      'kpp',
      'KPP must be 9 characters: 4 digits, 2 digits or letters, 3 digits',
    );
    await refused({ country: 'RU', tax_number: '771234567891', kpp: '770101001' }, 'kpp', 'KPP needs a 10-digit INN');
  });
});

describe('post code in the custom regions GB and EU', () => {
  it('is required for a company in the GB or EU region and not elsewhere', async () => {
    for (const country of ['GB', 'DE', 'IM']) {
      await refused({ country }, 'post_code', 'Post code is required for the custom regions GB and EU');
    }
    expect((await call('POST', URL, platform, company({ country: 'DE', post_code: '60549' }))).statusCode).toBe(201);
    expect((await call('POST', URL, platform, company({ country: 'US' }))).statusCode).toBe(201);
  });

  it('is checked on the stored company when the country changes', async () => {
    expect((await call('PATCH', `${URL}/${id.FWDB}`, platform, { post_code: null })).statusCode).toBe(200);
    const response = await call('PATCH', `${URL}/${id.FWDB}`, platform, { country: 'FR' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ post_code: ['Post code is required for the custom regions GB and EU'] });
    const withCode = await call('PATCH', `${URL}/${id.FWDB}`, platform, { country: 'FR', post_code: '75001' });
    expect(withCode.statusCode).toBe(200);
    const cleared = await call('PATCH', `${URL}/${id.FWDB}`, platform, { post_code: null });
    expect(cleared.statusCode).toBe(422);
    await call('PATCH', `${URL}/${id.FWDB}`, platform, { country: 'RU', post_code: null });
  });
});

describe('Latin only', () => {
  it('refuses Cyrillic in the name, short name, address and city, and takes it in the local name', async () => {
    for (const field of ['name', 'short_name', 'address', 'city']) {
      await refused({ [field]: 'Москва' }, field, 'Latin only');
    }
    const local = await call('POST', URL, platform, company({ local_name: 'Экспедитор', city: 'Zürich' }));
    expect(local.statusCode).toBe(201);
  });
});

describe('hostnames of maildomain and web_link', () => {
  it('takes ordinary host names, web addresses and IP addresses', async () => {
    const response = await call(
      'POST',
      URL,
      platform,
      company({ maildomain: 'Cargo.Example.aero', web_link: 'https://cargo.example.aero/track' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      maildomain: 'cargo.example.aero',
      web_link: 'https://cargo.example.aero/track',
    });
    expect((await call('POST', URL, platform, company({ web_link: 'http://[2001:db8::1]:8080/' }))).statusCode).toBe(
      201,
    );
    expect((await call('POST', URL, platform, company({ maildomain: '192.168.10.20' }))).statusCode).toBe(201);
  });

  it('refuses a name over 253 bytes, labels outside 1..63 bytes and strict-mode breaks', async () => {
    const long = [...Array(4)].map(() => 'a'.repeat(63)).join('.');
    await refused({ maildomain: long }, 'maildomain', 'Hostname must be at most 253 bytes');
    await refused({ maildomain: `${'a'.repeat(64)}.com` }, 'maildomain', 'Each hostname label must be 1 to 63 bytes');
    const strict =
      'Hostname may hold letters, digits and hyphens only; a label may not start or end with a hyphen; the last label may not be all digits';
    for (const maildomain of ['mail_box.com', '-cargo.aero', 'cargo-.aero', 'cargo.123']) {
      await refused({ maildomain }, 'maildomain', strict);
    }
    await refused({ web_link: 'https://bad_host.example' }, 'web_link', strict);
    await refused(
      { web_link: 'ftp://cargo.example' },
      'web_link',
      'Web link must be an http or https address or a host name',
    );
  });
});

describe('contact numbers and INN on agreements and the profile', () => {
  it('refuses a profile phone of 25 digits and takes 24', async () => {
    const token = await ctx.signIn(DEMO.fwdA);
    const long = await call('PATCH', '/api/v3/profiles/me', token, { phone: '+7 '.concat('9'.repeat(24)) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ phone: ['Contact number must be under 25 digits'] });
    const ok = await call('PATCH', '/api/v3/profiles/me', token, { phone: `+${'9'.repeat(24)}` });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("checks the INN length of an agreement's Russian client, on create and on change", async () => {
    const create = await call('POST', '/api/v3/agreements', platform, {
      supplier_id: id.KC,
      client_id: id.FWDB,
      currency: 'USD',
      effective_from: '2026-01-01',
      country: 'RU',
      tax_number: '12345',
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual({ tax_number: ['Invalid INN length'] });
    const list = await call('GET', `/api/v3/agreements?client_id=${id.FWDA}`, platform);
    const agreement = list.json().data[0];
    const change = await call('PATCH', `/api/v3/agreements/${agreement.id}`, platform, {
      country: 'RU',
      tax_number: '123',
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual({ tax_number: ['Invalid INN length'] });
    const street = await call('PATCH', `/api/v3/agreements/${agreement.id}`, platform, { street: 'Ленина 1' });
    expect(street.json().errors).toEqual({ street: ['Latin only'] });
  });
});
