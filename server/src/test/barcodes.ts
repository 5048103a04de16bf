import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** Raw pixels: 1 (grey), 3 (RGB) or 4 (RGBA) channels per pixel, row by row. */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: number;
}

/** Test helper: reads the barcode in an image back with ZXing (what a scanner would read), or throws. */
export function decodeBarcodePixels(image: Pixels, formats: BarcodeFormat[] = [BarcodeFormat.CODE_128]): string {
  const { data, width, height, channels } = image;
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < luminance.length; i++) {
    const at = i * channels;
    if (channels < 3) {
      luminance[i] = data[at]!;
      continue;
    }
    const grey = (data[at]! + 2 * data[at + 1]! + data[at + 2]!) / 4;
    // Transparent pixels are paper (white).
    const alpha = channels === 4 ? data[at + 3]! / 255 : 1;
    luminance[i] = Math.round(grey * alpha + 255 * (1 - alpha));
  }
  const source = new RGBLuminanceSource(luminance, width, height);
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

/** The same for a PNG file. */
export function decodeBarcodePng(png: Buffer, formats?: BarcodeFormat[]): string {
  const image = PNG.sync.read(png);
  return decodeBarcodePixels({ data: image.data, width: image.width, height: image.height, channels: 4 }, formats);
}
