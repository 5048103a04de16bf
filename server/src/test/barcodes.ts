import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** Test helper: reads the barcode in a PNG image back with ZXing (what a scanner would read), or throws. */
export function decodeBarcodePng(png: Buffer, formats: BarcodeFormat[] = [BarcodeFormat.CODE_128]): string {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const r = image.data[i * 4]!;
    const g = image.data[i * 4 + 1]!;
    const b = image.data[i * 4 + 2]!;
    const a = image.data[i * 4 + 3]! / 255;
    // Transparent pixels are paper (white).
    luminance[i] = Math.round(((r + 2 * g + b) / 4) * a + 255 * (1 - a));
  }
  const source = new RGBLuminanceSource(luminance, image.width, image.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}
