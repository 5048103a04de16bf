import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_RECORD_MAX } from '@aircargo/contract/attachments';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, changeLogs, houseWaybills } from '../../db/schema';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

/** A's master waybill on the SU prefix 555, and a house waybill under it. */
const waybill = await createAirWaybill(ctx, { forwarder_id: id.FWDA });
const [house] = await db
  .insert(houseWaybills)
  .values({
    air_waybill_id: waybill.id,
    serial_number: 'HAWB-1',
    origin: 'SVO',
    destination: 'ALA',
    pieces: 1,
    weight: '10',
  })
  .returning();

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
);

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body: the text fields, then the file (or the file first, when told). */
function multipart(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const boundary = `----attachments${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const filePart = (f: FilePart) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'doc'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  };
  if (file && fileFirst) filePart(file);
  for (const [name, value] of Object.entries(fields)) field(name, value);
  if (file && !fileFirst) filePart(file);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const onWaybill = (
  docType = 'Invoice',
  target: { type: string; id: number } = { type: 'air_waybill', id: waybill.id },
) => ({
  doc_type: docType,
  attachable_type: target.type,
  attachable_id: String(target.id),
});

async function upload(bearer: string, fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const body = multipart(fields, file, fileFirst);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v3/attachments',
    headers: { ...ctx.as(bearer), ...body.headers },
    payload: body.payload,
  });
}

const download = (bearer: string, attachmentId: number) =>
  ctx.call('GET', `/api/v3/attachments/${attachmentId}/download`, bearer);

const list = (bearer: string, type: string, attachableId: number) =>
  ctx.call('GET', `/api/v3/attachments?attachable_type=${type}&attachable_id=${attachableId}`, bearer);

/** Every file under the test's storage directory. */
function storedFiles(dir = ctx.config.attachmentStorage.directory): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? storedFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('attachments: upload, list, download, delete', () => {
  it('stores a PDF with its detected type, size and hash, and logs it on the waybill', async () => {
    const response = await upload(token.fwdA, onWaybill('Invoice'), {
      name: 'C:\\docs\\invoice 42.pdf',
      type: 'text/html',
      data: PDF,
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      attachable_type: 'air_waybill',
      attachable_id: waybill.id,
      air_waybill_id: waybill.id,
      mawb: waybill.mawb,
      doc_type: 'Invoice',
      file_name: 'invoice 42.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      sha256: sha256(PDF),
      company_id: id.FWDA,
      company_short_name: 'FWDA',
      uploaded_by_email: DEMO.fwdA,
    });
    expect(record).not.toHaveProperty('storage_key');
    const [log] = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, waybill.id)))
      .orderBy(desc(changeLogs.id))
      .limit(1);
    expect(log?.change_set).toEqual({
      attachments: [null, { id: record.id, doc_type: 'Invoice', file_name: 'invoice 42.pdf', sha256: sha256(PDF) }],
    });

    const changes = await ctx.call('GET', `/api/v3/air_waybills/${waybill.id}/changes`, token.fwdA);
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().data.map((c: { change_set: unknown }) => c.change_set)).toContainEqual(log?.change_set);

    const listed = await list(token.fwdA, 'air_waybill', waybill.id);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((a: { id: number }) => a.id)).toContain(record.id);

    const file = await download(token.fwdA, record.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="invoice 42.pdf"; filename*=UTF-8''invoice%2042.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads the fields after the file as well, and keeps a Cyrillic file name for the download', async () => {
    const response = await upload(
      token.fwdA,
      onWaybill('CargoManifest'),
      { name: 'манифест.pdf', type: 'application/pdf', data: PDF },
      true,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file_name).toBe('манифест.pdf');
    const file = await download(token.fwdA, response.json().id);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('манифест.pdf')}`,
    );
  });

  it('takes the type from the bytes, not from the declared type or the name', async () => {
    const response = await upload(token.fwdA, onWaybill('Photo'), {
      name: 'scan.pdf',
      type: 'application/pdf',
      data: PNG,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().content_type).toBe('image/png');
    const file = await download(token.fwdA, response.json().id);
    expect(file.headers['content-type']).toBe('image/png');
  });

  for (const [kind, data, detected] of [
    ['HTML', HTML, 'text/html'],
    ['SVG', SVG, 'image/svg+xml'],
  ] as const) {
    it(`never serves an uploaded ${kind} file inline, whatever it was declared as`, async () => {
      const response = await upload(token.fwdA, onWaybill('Other'), { name: 'photo.png', type: 'image/png', data });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().content_type).toBe(detected);
      const file = await download(token.fwdA, response.json().id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/octet-stream');
      expect(String(file.headers['content-disposition'])).toMatch(/^attachment; /);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.rawPayload.equals(data)).toBe(true);
    });
  }

  it('attaches to a house waybill and logs it on its master', async () => {
    const response = await upload(token.fwdA, onWaybill('FHL', { type: 'house_waybill', id: house!.id }), {
      name: 'fhl.txt',
      type: 'application/octet-stream',
      data: Buffer.from('FHL/4\nMBI/555-12345675SVOALA/T2K10\n'),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      attachable_type: 'house_waybill',
      attachable_id: house!.id,
      air_waybill_id: waybill.id,
      content_type: 'text/plain',
    });
    const listed = (await list(token.fwdA, 'house_waybill', house!.id)).json().data;
    expect(listed.map((a: { id: number }) => a.id)).toEqual([response.json().id]);
    const masterOnly = (await list(token.fwdA, 'air_waybill', waybill.id)).json().data;
    expect(masterOnly.map((a: { id: number }) => a.id)).not.toContain(response.json().id);
    const [log] = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, waybill.id)))
      .orderBy(desc(changeLogs.id))
      .limit(1);
    expect(log?.change_set).toMatchObject({ attachments: [null, { house_waybill_id: house!.id, doc_type: 'FHL' }] });
  });

  it('deletes the row and the stored file, logs it, and the attachment is gone afterwards', async () => {
    const created = (
      await upload(token.fwdA, onWaybill('SLI'), { name: 'sli.pdf', type: 'application/pdf', data: PDF })
    ).json();
    const [row] = await db.select().from(attachments).where(eq(attachments.id, created.id));
    const path = join(ctx.config.attachmentStorage.directory, ...row!.storage_key.split('/'));
    expect(storedFiles()).toContain(path);
    const removed = await ctx.call('DELETE', `/api/v3/attachments/${created.id}`, token.fwdA);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(storedFiles()).not.toContain(path);
    expect(await db.select().from(attachments).where(eq(attachments.id, created.id))).toEqual([]);
    const [log] = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, waybill.id)))
      .orderBy(desc(changeLogs.id))
      .limit(1);
    expect(log?.change_set).toMatchObject({ attachments: [{ id: created.id, file_name: 'sli.pdf' }, null] });
    const again = await download(token.fwdA, created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Attachment not found');
    expect((await ctx.call('DELETE', `/api/v3/attachments/${created.id}`, token.fwdA)).statusCode).toBe(404);
  });
});

describe('attachments: what an upload refuses', () => {
  it('refuses a file over the limit with 413 and the limit in the message, keeping nothing', async () => {
    const before = storedFiles().length;
    const rows = (await db.select().from(attachments)).length;
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x41);
    const response = await upload(token.fwdA, onWaybill(), { name: 'big.txt', type: 'text/plain', data: big });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ error: 'PayloadTooLarge', message: 'The file is larger than 20 MB' });
    expect(storedFiles().length).toBe(before);
    expect((await db.select().from(attachments)).length).toBe(rows);
  });

  it('takes a file of exactly the limit', async () => {
    const data = Buffer.alloc(ATTACHMENT_MAX_BYTES, 0x20);
    data.write('%PDF-1.4\n');
    const response = await upload(token.fwdA, onWaybill('AirWaybill'), {
      name: 'full.pdf',
      type: 'application/pdf',
      data,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ size: ATTACHMENT_MAX_BYTES, content_type: 'application/pdf' });
  });

  it('names the field of a missing file, an empty file, a wrong document type or target', async () => {
    const before = storedFiles().length;
    const missing = await upload(token.fwdA, onWaybill());
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ doc: ['Attach the file in the field "doc"'] });

    const wrongField = await upload(token.fwdA, onWaybill(), {
      name: 'a.pdf',
      type: 'application/pdf',
      data: PDF,
      field: 'file',
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toHaveProperty('doc');

    const empty = await upload(token.fwdA, onWaybill(), {
      name: 'a.pdf',
      type: 'application/pdf',
      data: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ doc: ['The file is empty'] });

    const docType = await upload(token.fwdA, onWaybill('Passport'), {
      name: 'a.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(docType.statusCode).toBe(422);
    expect(Object.keys(docType.json().errors)).toEqual(['doc_type']);

    const target = await upload(
      token.fwdA,
      { doc_type: 'Invoice', attachable_type: 'booking', attachable_id: 'x' },
      { name: 'a.pdf', type: 'application/pdf', data: PDF },
    );
    expect(target.statusCode).toBe(422);
    expect(Object.keys(target.json().errors).sort()).toEqual(['attachable_id', 'attachable_type']);

    const json = await ctx.call('POST', '/api/v3/attachments', token.fwdA, onWaybill());
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toHaveProperty('doc');

    const unknown = await upload(token.fwdA, onWaybill('Invoice', { type: 'air_waybill', id: 2_000_000_000 }), {
      name: 'a.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Shipment not found');
    expect(storedFiles().length).toBe(before);
  });

  it('holds at most ATTACHMENTS_PER_RECORD_MAX attachments on one waybill', async () => {
    const full = await createAirWaybill(ctx, { forwarder_id: id.FWDA });
    await db.insert(attachments).values(
      Array.from({ length: ATTACHMENTS_PER_RECORD_MAX - 1 }, (_, i) => ({
        attachable_type: 'air_waybill',
        attachable_id: full.id,
        air_waybill_id: full.id,
        doc_type: 'Photo',
        file_name: `photo-${i}.jpg`,
        content_type: 'image/jpeg',
        size: 1,
        storage_key: `attachments/test/limit-${i}`,
        sha256: '0'.repeat(64),
      })),
    );
    const target = { type: 'air_waybill', id: full.id };
    const last = await upload(token.fwdA, onWaybill('Photo', target), {
      name: 'last.pdf',
      type: 'image/jpeg',
      data: PDF,
    });
    expect(last.statusCode, last.body).toBe(201);
    const files = storedFiles().length;
    const over = await upload(token.fwdA, onWaybill('Photo', target), {
      name: 'over.pdf',
      type: 'image/jpeg',
      data: PDF,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`A waybill holds at most ${ATTACHMENTS_PER_RECORD_MAX} attachments`);
    expect(storedFiles().length).toBe(files);
  });

  it('answers an attachments list without its waybill with 422 and an unknown one with 404', async () => {
    expect((await ctx.call('GET', '/api/v3/attachments', token.fwdA)).statusCode).toBe(422);
    const unknown = await list(token.fwdA, 'house_waybill', 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('House waybill not found');
  });
});

describe('attachments: tenancy', () => {
  it("keeps forwarder A's attachments from forwarder B and from an airline whose prefix it is not", async () => {
    const created = (
      await upload(token.fwdA, onWaybill('DGD'), { name: 'dgd.pdf', type: 'application/pdf', data: PDF })
    ).json();
    const onHouse = (
      await upload(token.fwdA, onWaybill('FHL', { type: 'house_waybill', id: house!.id }), {
        name: 'h.pdf',
        type: 'application/pdf',
        data: PDF,
      })
    ).json();
    const rows = (await db.select().from(attachments)).length;
    const files = storedFiles().length;
    for (const bearer of [token.fwdB, token.kc]) {
      expect((await list(bearer, 'air_waybill', waybill.id)).statusCode).toBe(404);
      expect((await list(bearer, 'house_waybill', house!.id)).statusCode).toBe(404);
      for (const attachmentId of [created.id, onHouse.id]) {
        const file = await download(bearer, attachmentId);
        expect(file.statusCode).toBe(404);
        expect(file.body).not.toContain('%PDF');
        expect((await ctx.call('DELETE', `/api/v3/attachments/${attachmentId}`, bearer)).statusCode).toBe(404);
      }
      for (const target of [
        { type: 'air_waybill', id: waybill.id },
        { type: 'house_waybill', id: house!.id },
      ]) {
        const attach = await upload(bearer, onWaybill('Other', target), {
          name: 'x.pdf',
          type: 'application/pdf',
          data: PDF,
        });
        expect(attach.statusCode).toBe(404);
      }
    }
    expect((await db.select().from(attachments)).length).toBe(rows);
    expect(storedFiles().length).toBe(files);
    // The airline of the prefix and the platform see them.
    for (const bearer of [token.su, token.platform]) {
      expect((await download(bearer, created.id)).rawPayload.equals(PDF)).toBe(true);
      const listed = (await list(bearer, 'air_waybill', waybill.id)).json().data;
      expect(listed.map((a: { id: number }) => a.id)).toContain(created.id);
    }
  });
});
