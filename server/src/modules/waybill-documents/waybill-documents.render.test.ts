import * as canvas from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { renderPageAsImage } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { decodeBarcodePixels } from '../../test/barcodes';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

// pdf.js fills these in from @napi-rs/canvas only on Node >= 22 (process.getBuiltinModule); without them it draws
// no glyphs or images, so the page would come out blank on Node 20.
const scope = globalThis as Record<string, unknown>;
scope.DOMMatrix ??= canvas.DOMMatrix;
scope.Path2D ??= canvas.Path2D;
scope.ImageData ??= canvas.ImageData;
// pdf.js decodes images with ArrayBuffer#transferToFixedLength (Node >= 21); a copy does the same for a test.
const buffers = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
buffers.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

const ctx = await createTestApp();
const call = ctx.call;
const id = await ctx.companyIds();
const fwdA = await ctx.signIn(DEMO.fwdA);

const party = (name: string) => ({
  name,
  address: 'Leningradskoe sh. 1',
  city: 'Moscow',
  state: null,
  country_code: 'RU',
  post_code: '125009',
  contacts: null,
  tax_id: null,
});

async function download(url: string): Promise<Uint8Array> {
  const response = await call('GET', url, fwdA);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return new Uint8Array(response.rawPayload);
}

/** Renders one page at 72 dpi (scale 1: one PDF point is one pixel) and reads the PNG back. */
async function render(bytes: Uint8Array, page: number, scale = 1) {
  const image = await renderPageAsImage(bytes.slice(), page, {
    canvasImport: async () => canvas,
    scale,
  });
  const png = Buffer.from(image);
  return { png, image: PNG.sync.read(png) };
}

/** Share of pixels that are clearly dark (ink) on the page. */
function inkShare({ data, width, height }: PNG): number {
  let ink = 0;
  for (let i = 0; i < width * height; i++) {
    const at = i * 4;
    const alpha = data[at + 3]! / 255;
    const grey = ((data[at]! + data[at + 1]! + data[at + 2]!) / 3) * alpha + 255 * (1 - alpha);
    if (grey < 128) ink++;
  }
  return ink / (width * height);
}

/** Cuts a rectangle given in PDF points ([x, y, width, height] from the top left) out of a page rendered at `scale`. */
function crop(image: PNG, scale: number, [x, y, width, height]: number[]) {
  const [left, top, w, h] = [x!, y!, width!, height!].map((v) => Math.round(v * scale)) as [
    number,
    number,
    number,
    number,
  ];
  const data = new Uint8Array(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { data, width: w, height: h, channels: 4 };
}

describe('rendered documents', () => {
  it('renders eap.pdf at A4 and Letter size at 72 dpi with ink on the page', async () => {
    const w = await createAirWaybill(ctx, {
      forwarder_id: id.FWDA,
      prefix: '555',
      pieces: 2,
      weight: '30.000',
      shipper: party('Render Shipper LLC'),
      consignee: party('Render Consignee LLP'),
    });
    const a4 = await render(await download(`/api/v3/air_waybills/${w.mawb}/eap.pdf?copies=1`), 1);
    // A4 is 595.28 x 841.89 pt: pdf.js floors the canvas size, so allow the one-pixel rounding.
    expect(a4.image.width).toBe(595);
    expect(Math.abs(a4.image.height - 842)).toBeLessThanOrEqual(1);
    const letter = await render(await download(`/api/v3/air_waybills/${w.mawb}/eap.pdf?copies=1&paper=letter`), 1);
    expect([letter.image.width, letter.image.height]).toEqual([612, 792]);
    for (const { image } of [a4, letter]) {
      const share = inkShare(image);
      // Text, not just frame lines: a page rendered without glyphs stays under 1 %.
      expect(share).toBeGreaterThan(0.02);
      expect(share).toBeLessThan(0.5);
    }
  });

  it('renders a 4x6 label at 288x432 and its barcode, read from the picture, is the piece licence plate', async () => {
    const w = await createAirWaybill(ctx, { forwarder_id: id.FWDA, prefix: '555', pieces: 2, weight: '12.000' });
    const bytes = await download(`/api/v3/air_waybills/${w.mawb}/mawb_labels?station=SVO&format=4x6&houses=false`);
    const page = await render(bytes, 2);
    expect([page.image.width, page.image.height]).toEqual([288, 432]);
    expect(inkShare(page.image)).toBeGreaterThan(0.05);
    // A scanner reads the printed page: decode at 300 dpi so the narrowest bars are several pixels wide.
    const sharp = await render(bytes, 2, 300 / 72);
    expect([sharp.image.width, sharp.image.height]).toEqual([1200, 1800]);
    // Aim the "scanner" at the barcode band (20..268 pt across, 80..134 pt down), inside the label's frame lines.
    expect(decodeBarcodePixels(crop(sharp.image, 300 / 72, [20, 80, 248, 54]))).toBe(`${w.mawb.replace('-', '')}00002`);
  });
});
