import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Seed 000 section 2: a 403 carrying available URLs leads to /profile?accessDenied=true, which lists where the user may
// still go and asks to pick a company; picking one switches to it (decision 014).
const TWO_COMPANIES = 'two.companies@demo.aero';

async function platformToken(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email: USERS.platform, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

async function setState(request: import('@playwright/test').APIRequestContext, token: string, state: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/v3/companies?q=FWDB', { headers });
  const company = ((await list.json()).data as { id: number; short_name: string }[]).find(
    (c) => c.short_name === 'FWDB',
  );
  expect(company).toBeDefined();
  const changed = await request.patch(`/api/v3/companies/${company?.id}/state`, { headers, data: { state } });
  expect(changed.ok()).toBe(true);
}

test('a user whose company is blocked lands on the access-denied profile, picks the other company and works', async ({
  page,
  request,
}) => {
  const token = await platformToken(request);
  await setState(request, token, 'blocked');
  try {
    await signIn(page, TWO_COMPANIES);
    await expect(page).toHaveURL(/\/profile\?accessDenied=true$/);
    const view = page.getByTestId('access-denied-view');
    await expect(view).toContainText('has no access');
    const link = view.getByRole('link', { name: 'Air Astana (KC), Airline manager: /air-waybills' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^\/air-waybills\?role_id=\d+$/);

    // Every other screen sends the user back here; the sidebar offers only the profile.
    await page.goto('/settings/agent/agreements');
    await expect(page).toHaveURL(/\/profile\?accessDenied=true$/);

    await view.getByRole('link', { name: /Air Astana/ }).click();
    await expect(page).toHaveURL(/\/air-waybills$/);
    await expect(page.getByRole('heading', { name: 'Air waybills' })).toBeVisible();
    await page.goto('/settings/agreements');
    await expect(page.getByRole('heading', { name: 'Agreements' })).toBeVisible();
    await expect(page.getByRole('row', { name: /KC-2026-014/ })).toBeVisible();
  } finally {
    await setState(request, token, 'active');
  }
});
