import { expect, test } from '@playwright/test';
import { section, sidebar, signIn, USERS } from './helpers';

test('switching role changes the sidebar', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await expect(section(page, 'shipments')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.getByTestId('role-switcher').click();
  await page.getByRole('menuitem', { name: /SU — Airline admin/ }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(section(page, 'shipments')).toHaveCount(0);
  // On the default host SU's admins get the general settings like any airline's (decision 014), the users page among them.
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('role-switcher')).toContainText('Airline admin');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  // Back to the manager role so later tests find the demo user as seeded.
  await page.getByTestId('role-switcher').click();
  await page.getByRole('menuitem', { name: /SU — Airline manager/ }).click();
  await expect(section(page, 'shipments')).toBeVisible();
});

test('switching to Russian translates the shell, and the choice is kept', async ({ page }) => {
  await signIn(page, USERS.forwarderB);
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU').click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(section(page, 'profile')).toHaveText('Профиль');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Язык' }).getByText('EN').click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test.describe('time display', () => {
  test.use({ timezoneId: 'Asia/Novosibirsk' });

  test('the UTC toggle changes the displayed time', async ({ page }) => {
    await signIn(page, USERS.forwarderB);
    const clock = page.getByTestId('header-clock');
    await expect(clock).toContainText('UTC+07:00');
    const local = (await clock.textContent()) ?? '';
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/ui_settings') &&
        response.request().method() !== 'GET' &&
        (response.request().postData() ?? '').includes('"utc_time":true'),
    );
    await page.getByRole('switch', { name: 'UTC' }).check();
    await expect(clock).toHaveText(/^\d{2}:\d{2} UTC$/);
    const utc = (await clock.textContent()) ?? '';
    const hours = (text: string) => Number(text.slice(0, 2));
    expect((hours(local) - hours(utc) + 24) % 24).toBe(7);
    // The choice is saved on the server a moment after the click; reload once it is.
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('header-clock')).toHaveText(/UTC$/);
  });
});
