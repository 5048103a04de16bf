import { describe, expect, it } from 'vitest';
import { decodeBarcodePng } from '../../test/barcodes';
import { awbDigits, code128Png, pieceLicensePlate } from './waybill-labels.barcodes';

describe('label barcodes', () => {
  it('encodes the AWB number, the piece license plate and a house number in Code 128 that decode back', async () => {
    expect(awbDigits('020-12345675')).toBe('02012345675');
    expect(pieceLicensePlate('020-12345675', 7)).toBe('0201234567500007');
    for (const text of ['02012345675', pieceLicensePlate('020-12345675', 123), 'HAWB12AB']) {
      expect(decodeBarcodePng(await code128Png(text))).toBe(text);
    }
  });

  it('does not decode to another number', async () => {
    expect(decodeBarcodePng(await code128Png('55500000010'))).not.toBe('55500000011');
  });
});
