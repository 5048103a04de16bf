import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';

export const USERS = {
  platform: 'platform@demo.aero',
  suManager: 'su.manager@demo.aero',
  xxManager: 'xx.manager@demo.aero',
  forwarderA: 'fwd.agent@demo.aero',
  forwarderB: 'fwd2.agent@demo.aero',
} as const;

/** Signs in through the form and waits for the landing redirect to leave the sign-in page. */
export async function signIn(page: Page, email: string, { remember = true } = {}): Promise<void> {
  await page.goto('/signIn');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const rememberBox = page.getByLabel('Remember me');
  if ((await rememberBox.isChecked()) !== remember) await rememberBox.click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signIn/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** The access token the app keeps for the signed-in user. */
export async function accessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(
    () => localStorage.getItem('aircargo.session') ?? sessionStorage.getItem('aircargo.session'),
  );
  expect(raw).not.toBeNull();
  return (JSON.parse(raw ?? '{}') as { access_token: string }).access_token;
}

export function sidebar(page: Page) {
  return page.getByTestId('sidebar');
}

/** A sidebar section (Shipments, Flights, Settings, ...) by its key. */
export function section(page: Page, key: string) {
  return sidebar(page).locator(`[data-section="${key}"]`);
}
