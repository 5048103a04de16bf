import bwipjs from 'bwip-js/node';

/**
 * Barcodes of the labels and the shipper's letter: Code 128 rendered by bwip-js as PNG (scale 2, so a 0.5 mm module on
 * a 144 dpi image a label printer and a phone scanner both read).
 *
 * - AWB number: its 11 digits (prefix, serial, check digit), without the hyphen: `02012345675`.
 * - Piece ("license plate", IATA Resolution 606 style): the 11 digits of the AWB and the piece's 5-digit serial within
 *   the shipment, `0201234567500001`; 16 digits, so Code 128 packs it as set C.
 * - House: the house number as written (1 to 12 letters and digits).
 * - Shipper's letter: its `sli_barcode`.
 */
export const awbDigits = (mawb: string): string => mawb.replace(/\D/g, '');

export function pieceLicensePlate(mawb: string, piece: number): string {
  return `${awbDigits(mawb)}${String(piece).padStart(5, '0')}`;
}

export interface BarcodeOptions {
  /** Bar height in millimetres. */
  height?: number;
  scale?: number;
}

export function code128Png(text: string, options: BarcodeOptions = {}): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: options.scale ?? 2,
    height: options.height ?? 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}
