import { describe, expect, it } from 'vitest';
import { detect, generate, generateFsu, parse, parseFsu, parseFwb } from '../src/index';
import { fixture } from './helpers';

describe('detect', () => {
  it('names type and version of every fixture', () => {
    expect(detect(fixture('fwb-17-basic.txt'))).toEqual({ type: 'FWB', version: 17, envelope: false });
    expect(detect(fixture('fhl-4-inline-party-deviant.txt'))).toMatchObject({ type: 'FHL', version: 4 });
    expect(detect(fixture('ffm-5-deviant-packed-shc.txt'))).toMatchObject({ type: 'FFM', version: 5 });
    expect(detect(fixture('fma-ack.txt'))).toMatchObject({ type: 'FMA', version: null });
    expect(detect(fixture('ssim-local-time.txt'))).toMatchObject({ type: 'SSIM', version: null });
    expect(detect(fixture('ssm-rpl-local.txt'))).toMatchObject({ type: 'SSM', version: null });
    expect(detect(fixture('uws-basic.txt'))).toMatchObject({ type: 'UWS', version: null });
  });

  it('looks inside a Type B envelope, past blank lines and PDM', () => {
    expect(detect(fixture('typeb-fsu-double-signature.txt'))).toEqual({ type: 'FSU', version: 15, envelope: true });
    expect(detect('\n\nPDM\nFFA/4\n')).toMatchObject({ type: 'FFA', version: 4 });
  });

  it('returns null for text it does not recognise', () => {
    expect(detect('HELLO WORLD')).toEqual({ type: null, version: null, envelope: false });
    expect(parse('HELLO WORLD').issues.map((i) => i.code)).toEqual(['UNKNOWN_TYPE']);
  });
});

describe('generation', () => {
  it('keeps to the Cargo-IMP character set: upper case, accents removed, no slash inside an element', () => {
    const m = parseFwb(fixture('fwb-17-basic.txt')).message;
    const text = generate({ ...m, shipper: { ...m.shipper, name: ['Société Générale/Lyon'] }, osi: ['Call 123/456'] });
    expect(text).toContain('\nNAM/SOCIETE GENERALE LYON\n');
    expect(text).toContain('\nOSI/CALL 123/456\n');
    expect(/^[\x20-\x7e\n]*$/.test(text)).toBe(true);
  });

  it('restricts text to A-Z, 0-9, blank, dot and hyphen on request', () => {
    const m = parseFwb(fixture('fwb-17-basic.txt')).message;
    const text = generate({ ...m, shipper: { ...m.shipper, name: ['A&B (UK) LTD'] } }, { strictCharset: true });
    expect(text).toContain('\nNAM/A B  UK  LTD\n');
  });

  it('word-wraps long free text into continuation lines of at most 69 characters', () => {
    const m = parseFsu(fixture('fsu-13-no-record.txt')).message;
    const text = generateFsu({
      ...m,
      osi: ['NO RECORD FOUND FOR THIS AIR WAYBILL NUMBER PLEASE CHECK WITH THE ISSUING CARRIER OFFICE'],
    });
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(2)).toEqual([
      'OSI/NO RECORD FOUND FOR THIS AIR WAYBILL NUMBER PLEASE CHECK WITH THE',
      '/ISSUING CARRIER OFFICE',
    ]);
  });

  it('writes PDM first for a possible duplicate and CRLF on request', () => {
    const m = parseFsu(fixture('fsu-12-rcf-deviant.txt')).message;
    expect(generate({ ...m, possibleDuplicate: true }, { newline: '\r\n' }).startsWith('PDM\r\nFSU/12\r\n')).toBe(true);
  });
});
