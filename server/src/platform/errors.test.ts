import { errorBody } from '@aircargo/contract/common';
import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO } from '../test/harness';

const ctx = await createTestApp();
const token = await ctx.signIn(DEMO.platform);

describe('error bodies carry message keys beside the texts (decision 013)', () => {
  it('gives each invalid field its catalogue key and parameters, and keeps the English texts', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/companies',
      headers: ctx.as(token),
      payload: { company_type: 'forwarder', short_name: 'x'.repeat(300), country: 'Russia' },
    });
    expect(response.statusCode).toBe(422);
    const body = errorBody.parse(response.json());
    expect(body.error).toBe('ValidationFailed');
    expect(body.errors.name).toEqual(['required field']);
    expect(body.error_keys?.name).toEqual([{ key: 'required', params: {} }]);
    expect(body.errors.country).toEqual(['must be 2 characters']);
    expect(body.error_keys?.country).toEqual([{ key: 'exactLength', params: { length: 2 } }]);
    expect(body.error_keys?.short_name?.[0]?.key).toBe('maxLength');
    // The headline names the first field; its key is that field's message.
    const [field, texts] = Object.entries(body.errors)[0] ?? [];
    expect(body.message).toBe(`${field}: ${texts?.[0]}`);
    expect(body.message_key).toEqual(body.error_keys?.[field ?? '']?.[0]);
  });

  it('keys the transport errors: not authorized, not found', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v3/profiles/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      error: 'Unauthorized',
      message: 'Not authorized',
      message_key: { key: 'notAuthorized', params: {} },
    });
    const nowhere = await ctx.app.inject({ method: 'GET', url: '/api/v3/nothing-here', headers: ctx.as(token) });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error).toBe('NotFound');
  });

  it('keys the per-field message of a domain rule', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      headers: ctx.as(token),
      payload: { password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'EmptyFields',
      message: 'Current password is required',
      message_key: { key: 'currentPasswordRequired', params: {} },
      errors: { current_password: ['required field'] },
      error_keys: { current_password: [{ key: 'required', params: {} }] },
    });
  });

  it('leaves keys out for texts that have none, keeping the body of the specification', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v3/companies/999999', headers: ctx.as(token) });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.error).toBe('NotFound');
    expect(typeof body.message).toBe('string');
    expect(body.errors).toEqual({});
    expect(body.error_keys).toBeUndefined();
  });
});
