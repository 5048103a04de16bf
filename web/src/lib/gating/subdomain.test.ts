import { describe, expect, it } from 'vitest';
import { detectHost, languagesFor } from './subdomain';

describe('detectHost', () => {
  it.each([
    ['localhost', 'production', 'default', null],
    ['127.0.0.1', 'production', 'default', null],
    ['example.aero', 'production', 'default', null],
    ['www.example.aero', 'production', 'default', null],
    ['su.example.aero', 'production', 'airline', 'su'],
    ['x.example.aero', 'production', 'airline', 'x'],
    ['cargoline.example.aero', 'production', 'forwarder', 'cargoline'],
    ['abc.example.aero', 'production', 'forwarder', 'abc'],
    ['staging.example.aero', 'staging', 'default', null],
    ['stagingsu.example.aero', 'staging', 'airline', 'su'],
    ['staging-su.example.aero', 'staging', 'airline', 'su'],
    ['sandboxcargoline.example.aero', 'sandbox', 'forwarder', 'cargoline'],
    ['sandbox.example.aero', 'sandbox', 'default', null],
    ['qasu.example.aero', 'qa', 'airline', 'su'],
    ['qa-cargoline.example.aero', 'qa', 'forwarder', 'cargoline'],
    ['su.localhost', 'production', 'airline', 'su'],
    ['myawb.ru', 'production', 'forwarder', null],
    ['www.myawb.ru', 'production', 'forwarder', null],
    ['su.myawb.ru', 'production', 'airline', 'su'],
    ['v0.example.aero', 'production', 'airline', 'v0'],
  ])('reads %s as %s / %s / %s', (host, environment, subdomainType, subdomain) => {
    const info = detectHost(host);
    expect(info.environment).toBe(environment);
    expect(info.subdomainType).toBe(subdomainType);
    expect(info.subdomain).toBe(subdomain);
  });

  it('marks the myawb domain', () => {
    expect(detectHost('myawb.ru').isMyAwb).toBe(true);
    expect(detectHost('su.example.aero').isMyAwb).toBe(false);
  });

  it('lets a build setting force the environment', () => {
    expect(detectHost('localhost', 'staging').environment).toBe('staging');
    expect(detectHost('localhost', 'nonsense').environment).toBe('production');
  });

  it('offers Spanish only on the v0 subdomain', () => {
    expect(languagesFor(detectHost('v0.example.aero'))).toEqual(['en', 'es']);
    expect(languagesFor(detectHost('su.example.aero'))).toEqual(['en', 'ru']);
  });
});
