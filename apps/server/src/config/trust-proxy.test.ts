import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const trustProxyOf = (value?: string) => parseEnv({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, nor with false or 0', () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
  });

  it('takes a number of proxies, or their addresses and ranges', () => {
    expect(trustProxyOf('2')).toEqual({ hops: 2 });
    expect(trustProxyOf('10.0.0.1, 172.16.0.0/12,::1,fd00::/8, loopback')).toEqual({
      proxies: ['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, naming the variable and what to give instead', () => {
    expect(() => trustProxyOf('true')).toThrow(EnvError);
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY.*number of proxies/);
  });

  it('refuses what is not an address', () => {
    expect(() => trustProxyOf('10.0.0.1, proxy.internal')).toThrow(/TRUST_PROXY.*"proxy\.internal"/);
    expect(() => trustProxyOf('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('yes')).toThrow(/TRUST_PROXY/);
  });
});
