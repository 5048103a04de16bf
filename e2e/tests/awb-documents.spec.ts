import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Download, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 13's browser check of the documents: the SU manager opens one of the airline's demo waybills, prints it
// without the shipper (the download is a PDF, and the server's PDF with the flag differs from the one without), then
// downloads the piece labels for a printing station.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Waybill {
  id: number;
  mawb: string;
  origin_iata: string;
  shipper: { name: string } | null;
}

async function bearer(request: APIRequestContext, email: string) {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return { Authorization: `Bearer ${(await response.json()).access_token as string}` };
}

/** A waybill of the airline that has a named shipper (so hiding it changes the document). The demo waybills are
 * made by a background job after the demo schedule loads, so they are waited for. */
async function waybillWithShipper(request: APIRequestContext, headers: Record<string, string>): Promise<Waybill> {
  let ids: number[] = [];
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/v3/air_waybills?per_page=20', { headers });
        expect(list.ok(), await list.text()).toBe(true);
        ids = ((await list.json()).data as { id: number }[]).map((w) => w.id);
        return ids.length;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  for (const id of ids) {
    const detail = await request.get(`/api/v3/air_waybills/${id}`, { headers });
    expect(detail.ok()).toBe(true);
    const waybill = (await detail.json()) as Waybill;
    if (waybill.shipper?.name) return waybill;
  }
  throw new Error('The airline has no demo waybill with a shipper');
}

async function pdfOf(download: Download): Promise<Buffer> {
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return bytes;
}

async function downloadBy(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return download;
}

test.setTimeout(300_000);

test('the airline prints its waybill without the shipper and downloads its labels', async ({ page, request }) => {
  const headers = await bearer(request, USERS.suManager);
  const waybill = await waybillWithShipper(request, headers);

  await signIn(page, USERS.suManager);
  await page.goto(`/shipments/${waybill.mawb}`);
  await expect(page.getByRole('heading', { name: `Air waybill ${waybill.mawb}` })).toBeVisible();

  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const print = page.getByRole('dialog', { name: `Print air waybill ${waybill.mawb}` });
  await expect(print).toBeVisible();
  await print.getByRole('checkbox', { name: 'Hide the shipper' }).check();
  const asked = page.waitForRequest((r) => r.url().includes('/eap.pdf') && r.url().includes('hide_shipper=true'));
  const printed = await pdfOf(await downloadBy(page, 'Download PDF'));
  await asked;
  expect(printed.length).toBeGreaterThan(1000);

  // The server's document with the flag is not the one with the shipper.
  const eap = `/api/v3/air_waybills/${waybill.id}/eap.pdf?copies=1`;
  const shown = await request.get(eap, { headers });
  const hidden = await request.get(`${eap}&hide_shipper=true`, { headers });
  expect(shown.ok() && hidden.ok()).toBe(true);
  const [withShipper, withoutShipper] = [await shown.body(), await hidden.body()];
  expect(withoutShipper.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(withoutShipper.length).not.toBe(withShipper.length);
  await print.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(print).toBeHidden();

  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const labels = page.getByRole('dialog', { name: `Labels of ${waybill.mawb}` });
  await expect(labels).toBeVisible();
  const station = labels.getByRole('textbox', { name: 'Printing station' });
  await station.fill('SVO');
  await expect(station).toHaveValue('SVO');
  const labelled = page.waitForRequest((r) => r.url().includes('/mawb_labels') && r.url().includes('station=SVO'));
  const sheet = await pdfOf(await downloadBy(page, 'Download labels'));
  await labelled;
  expect(sheet.length).toBeGreaterThan(1000);
});
