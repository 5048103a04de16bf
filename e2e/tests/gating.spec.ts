import { expect, test } from '@playwright/test';
import { accessToken, DEMO_PASSWORD, section, sidebar, signIn, USERS } from './helpers';

test('a forwarder opening a platform-only route sees the not-found page and the server refuses the call', async ({
  page,
}) => {
  await signIn(page, USERS.forwarderA);
  await page.goto('/settings/companies/create');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);

  const token = await accessToken(page);
  const refused = await page.request.post('/api/v3/companies', {
    headers: { Authorization: `Bearer ${token}` },
    data: { company_type: 'forwarder', name: 'Sneaky Forwarder', short_name: 'SNEAKY' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('Forbidden');
});

test('the platform opens the companies screen on the same route', async ({ page }) => {
  await signIn(page, USERS.platform);
  await page.goto('/settings/companies');
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'FWDA' })).toBeVisible();
  await expect(page).toHaveTitle('Companies — AirCargo');
});

test('on the default host SU staff get Flights and the general settings like any airline', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await expect(section(page, 'flights')).toBeVisible();
  await expect(section(page, 'settings')).toBeVisible();
  await page.goto('/air-waybills/create');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

// "Airline code su" is the subdomain: Chromium resolves *.localhost to this machine, so su.localhost is the su host.
test('on the su subdomain a forwarder lands on air waybill creation and sees no Flights section', async ({ page }) => {
  const port = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3100').port;
  const origin = `http://su.localhost:${port}`;
  await page.goto(`${origin}/signIn`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(USERS.forwarderB);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin}/air-waybills/create`);
  await expect(page.getByRole('heading', { name: 'New air waybill' })).toBeVisible();
  await expect(section(page, 'booking')).toBeVisible();
  await expect(section(page, 'flights')).toHaveCount(0);

  // The server reads the same host from the carrier header: air waybill creation is allowed there, not elsewhere.
  const token = await accessToken(page);
  const onSu = await page.request.get('/api/v3/profiles/me', {
    headers: { Authorization: `Bearer ${token}`, 'X-Carrier': 'su' },
  });
  const plain = await page.request.get('/api/v3/profiles/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await onSu.json()).permissions).toContain('air_waybills:create');
  expect((await plain.json()).permissions).not.toContain('air_waybills:create');
});

test('/settings/agreements is closed to forwarders and airline admins, whom the server refuses', async ({ page }) => {
  await signIn(page, USERS.forwarderB);
  await expect(sidebar(page).getByRole('link', { name: 'Agreements', exact: true })).toHaveCount(0);
  await page.goto('/settings/agreements');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  const token = await accessToken(page);
  const refused = await page.request.get('/api/v3/agreements', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});

test('a route whose capability is coming names it', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto('/settings/products');
  await expect(page.getByText('Products — this capability is coming.')).toBeVisible();
});
