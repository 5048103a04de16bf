import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const URL = '/api/v3/notable_companies';
const names = (body: { data: { short_name: string }[] }) => body.data.map((c) => c.short_name);

describe('GET /api/v3/notable_companies', () => {
  it('gives a forwarder its own company and the airlines it holds agreements with', async () => {
    const a = await call('GET', `${URL}?sort=short_name`, token.fwdA);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toEqual([
      expect.objectContaining({ id: id.FWDA, relations: ['own'], company_type: 'forwarder' }),
      expect.objectContaining({ id: id.KC, relations: ['supplier'], airline_code: 'KC' }),
      expect.objectContaining({ id: id.SU, relations: ['supplier'], airline_code: 'SU' }),
    ]);
    expect(names((await call('GET', `${URL}?sort=short_name`, token.fwdB)).json())).toEqual(['FWDB', 'SU']);
  });

  it("gives an airline its clients and its handlers' companies, filtered by type and text", async () => {
    const handler = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'handler',
      name: 'Pulkovo Handling',
      short_name: 'PLKHND',
    });
    await call('POST', '/api/v3/handlers', token.su, {
      airport: 'LED',
      name: 'Pulkovo',
      handler_company_id: handler.json().id,
    });
    const su = await call('GET', `${URL}?sort=short_name`, token.su);
    expect(names(su.json())).toEqual(['FWDA', 'FWDB', 'PLKHND', 'SU']);
    expect(su.json().data.find((c: { id: number }) => c.id === handler.json().id).relations).toEqual(['handler']);
    expect(names((await call('GET', `${URL}?company_type=forwarder`, token.su)).json()).sort()).toEqual([
      'FWDA',
      'FWDB',
    ]);
    expect(names((await call('GET', `${URL}?q=pulkovo`, token.su)).json())).toEqual(['PLKHND']);
    expect(names((await call('GET', `${URL}?sort=short_name`, token.kc)).json())).toEqual(['FWDA', 'KC']);
  });

  it('leaves out blocked partners but keeps the own company', async () => {
    await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.platform, { state: 'blocked' });
    expect(names((await call('GET', `${URL}?sort=short_name`, token.su)).json())).toEqual(['FWDA', 'PLKHND', 'SU']);
    await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.platform, { state: 'active' });
  });

  it('gives the platform every active company, paged', async () => {
    const page = await call('GET', `${URL}?per_page=2&page=2&sort=id`, token.platform);
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 2, total_count: 6 });
    expect(page.json().data).toHaveLength(2);
    expect(page.json().data[0].relations).toEqual(['platform']);
    const beyond = await call('GET', `${URL}?per_page=2&page=9`, token.platform);
    expect(beyond.json()).toMatchObject({ data: [], meta: { total_count: 6 } });
  });
});
