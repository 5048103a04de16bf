import { describe, expect, it } from 'vitest';
import { customRegionOf, postCodeRequired } from './regions';
import { contactNumberIssue, hostnameIssue, innIssue, isIpv4, isIpv6, isLatin, kppIssue, webLinkIssue } from './rules';

describe('contact numbers', () => {
  it('takes up to 24 digits with separators and refuses 25', () => {
    expect(contactNumberIssue('+7 (495) 123-45-67')).toBeNull();
    expect(contactNumberIssue('1'.repeat(24))).toBeNull();
    expect(contactNumberIssue('1'.repeat(25))).toBe('contactNumber');
    expect(contactNumberIssue('+1 234 567 890 123 456 789 012 345')).toBe('contactNumber');
    expect(contactNumberIssue('call me')).toBe('invalid format');
  });
});

describe('INN and KPP', () => {
  it('takes 10 or 12 digit INNs', () => {
    expect(innIssue('7701234567')).toBeNull();
    expect(innIssue('770123456789')).toBeNull();
    expect(innIssue('77012345')).toBe('innLength');
    expect(innIssue('77012345678')).toBe('innLength');
    expect(innIssue('77O1234567')).toBe('invalid format');
  });

  it('takes a 9-character KPP only beside a 10-digit INN', () => {
    expect(kppIssue('770101001', '7701234567')).toBeNull();
    expect(kppIssue('7701AB001', '7701234567')).toBeNull();
    expect(kppIssue('77010100', '7701234567')).toBe('kppFormat');
    expect(kppIssue('770101001', '770123456789')).toBe('kppWithoutInn');
    expect(kppIssue('770101001', null)).toBe('kppWithoutInn');
  });
});

describe('Latin only', () => {
  it('accepts Latin letters with accents, digits and punctuation, and refuses Cyrillic', () => {
    expect(isLatin('Société Générale Cargo, 1-2 (B)')).toBe(true);
    expect(isLatin('Аэрофлот')).toBe(false);
    expect(isLatin('Aeroflot Аэро')).toBe(false);
    expect(isLatin('北京')).toBe(false);
  });
});

describe('post codes', () => {
  it('are required in the GB and EU custom regions only', () => {
    expect(postCodeRequired('DE')).toBe(true);
    expect(postCodeRequired('gb')).toBe(true);
    expect(postCodeRequired('JE')).toBe(true);
    expect(postCodeRequired('RU')).toBe(false);
    expect(postCodeRequired(null)).toBe(false);
    expect(customRegionOf('FR')).toBe('EU');
    expect(customRegionOf('IM')).toBe('GB');
    expect(customRegionOf('US')).toBeNull();
  });
});

describe('hostnames', () => {
  it('accepts ordinary names and a trailing dot', () => {
    expect(hostnameIssue('cargo.example.aero')).toBeNull();
    expect(hostnameIssue('xn--80aswg.xn--p1ai')).toBeNull();
    expect(hostnameIssue('example.com.')).toBeNull();
  });

  it('refuses names over 253 bytes and labels outside 1 to 63 bytes', () => {
    const label = 'a'.repeat(63);
    const name253 = [label, label, label, 'a'.repeat(61)].join('.');
    expect(name253.length).toBe(253);
    expect(hostnameIssue(name253)).toBeNull();
    expect(hostnameIssue(`${name253}a`)).toBe('hostnameTooLong');
    expect(hostnameIssue(`${'a'.repeat(64)}.com`)).toBe('hostnameLabel');
    expect(hostnameIssue('a..com')).toBe('hostnameLabel');
    expect(hostnameIssue('')).toBe('hostnameLabel');
  });

  it('in strict mode allows letters, digits and hyphens, no edge hyphens, and no all-digit last label', () => {
    expect(hostnameIssue('my_host.com')).toBe('hostnameStrict');
    expect(hostnameIssue('-cargo.com')).toBe('hostnameStrict');
    expect(hostnameIssue('cargo-.com')).toBe('hostnameStrict');
    expect(hostnameIssue('cargo.123')).toBe('hostnameStrict');
    expect(hostnameIssue('почта.рф')).toBe('hostnameStrict');
    expect(hostnameIssue('my_host.com', { strict: false })).toBeNull();
  });

  it('recognises IPv4 up to 15 and IPv6 up to 45 characters', () => {
    expect(isIpv4('192.168.100.200')).toBe(true);
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('01.1.1.1')).toBe(false);
    expect(hostnameIssue('10.0.0.1')).toBeNull();
    expect(hostnameIssue('10.0.0.256')).toBe('hostnameStrict');
    expect(isIpv6('::1')).toBe(true);
    expect(isIpv6('2001:db8::8a2e:370:7334')).toBe(true);
    expect(isIpv6('0000:0000:0000:0000:0000:ffff:192.168.100.200')).toBe(true);
    expect('0000:0000:0000:0000:0000:ffff:192.168.100.200'.length).toBe(45);
    expect(isIpv6('00000:0000:0000:0000:0000:ffff:192.168.100.200')).toBe(false);
    expect(isIpv6('1:2:3:4:5:6:7:8:9')).toBe(false);
    expect(isIpv6('1::2::3')).toBe(false);
    expect(hostnameIssue('2001:db8::1')).toBeNull();
    expect(hostnameIssue('2001:db8::1', { allowIp: false })).toBe('hostnameStrict');
  });

  it('checks the host of a web link', () => {
    expect(webLinkIssue('https://cargo.example.aero/track?awb=1')).toBeNull();
    expect(webLinkIssue('cargo.example.aero')).toBeNull();
    expect(webLinkIssue('http://10.0.0.1:8080/')).toBeNull();
    expect(webLinkIssue('http://[2001:db8::1]/')).toBeNull();
    expect(webLinkIssue('ftp://cargo.example.aero')).toBe('webLink');
    expect(webLinkIssue('https://bad_host.com')).toBe('hostnameStrict');
    expect(webLinkIssue(`https://${'a'.repeat(64)}.com`)).toBe('hostnameLabel');
    expect(webLinkIssue('https://[zz::1]/')).toBe('webLink');
    expect(webLinkIssue('https://cargo.example.aero:99999')).toBe('webLink');
  });
});
