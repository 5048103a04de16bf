import { expect, test } from '@playwright/test';
import { signIn, USERS } from './helpers';

// Seed 000, section 2: where each demo user lands after signing in (default host, no subdomain).
const LANDING: [string, string, RegExp][] = [
  ['platform', USERS.platform, /\/air-waybills$/],
  ['airline SU manager', USERS.suManager, /\/air-waybills$/],
  ['second airline manager', USERS.xxManager, /\/air-waybills$/],
  ['forwarder A default', USERS.forwarderA, /\/bookings$/],
  ['forwarder B default', USERS.forwarderB, /\/bookings$/],
];

for (const [who, email, target] of LANDING) {
  test(`${who} signs in and lands on ${target.source}`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(target);
    // The bookings list (issue 11) and the air-waybill list (issue 12) have landed.
    await expect(
      page.getByRole('heading', {
        name: target.source.includes('bookings') ? 'Bookings' : 'Air waybills',
        exact: true,
      }),
    ).toBeVisible();
  });
}

test('a wrong password shows the error and stays on sign-in', async ({ page }) => {
  await page.goto('/signIn');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(USERS.platform);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText('Incorrect login or password');
  await expect(page).toHaveURL(/\/signIn/);
});

test('a signed-out visitor of a main route goes to sign-in and back after signing in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signIn\?redirect=%2Fprofile$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(USERS.forwarderB);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('fwd2.agent@demo.aero')).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-404-page')).toBeVisible();
});
