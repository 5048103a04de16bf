import { expect, test } from '@playwright/test';
import { accessToken, signIn, USERS } from './helpers';

test('a 401 signs the user out, says not authorized and goes to sign-in', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await page.goto('/profile');
  await expect(page.getByText('fwd.agent@demo.aero')).toBeVisible();

  // The server stops accepting the token (as when it has been revoked elsewhere).
  const token = await accessToken(page);
  const revoked = await page.request.post('/oauth/revoke', { data: { token } });
  expect(revoked.ok()).toBe(true);

  await page.reload();
  await expect(page.getByText('Not authorized').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signIn\?redirect=%2Fprofile$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('aircargo.session'))).toBeNull();
});

test('sign-out clears the session, even for the server', async ({ page }) => {
  await signIn(page, USERS.platform);
  const token = await accessToken(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  expect(await page.evaluate(() => localStorage.getItem('aircargo.session'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('aircargo.session'))).toBeNull();

  const afterSignOut = await page.request.get('/api/v3/profiles/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(afterSignOut.status()).toBe(401);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signIn\?redirect=%2Fprofile$/);
});

test('without remember me the session lives in sessionStorage only', async ({ page }) => {
  await signIn(page, USERS.forwarderB, { remember: false });
  expect(await page.evaluate(() => localStorage.getItem('aircargo.session'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('aircargo.session'))).not.toBeNull();
});
