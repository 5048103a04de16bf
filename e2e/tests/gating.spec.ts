import { expect, test } from '@playwright/test';
import { accessToken, section, signIn, USERS } from './helpers';

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

test('the Flights section is hidden on airline SU but shown on the second airline', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await expect(section(page, 'shipments')).toBeVisible();
  await expect(section(page, 'flights')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, USERS.xxManager);
  await expect(section(page, 'flights')).toBeVisible();
});

test('a route whose capability is coming names it', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto('/flights/tabs');
  await expect(page).toHaveURL(/\/flights\/tabs\/current$/);
  await expect(page.getByText('Current flights — this capability is coming.')).toBeVisible();
});
