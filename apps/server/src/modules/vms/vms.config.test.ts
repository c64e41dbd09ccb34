import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { gatewayForDesktops } from './vms.deps';

describe('Remote PC settings (issue #19)', () => {
  it('defaults to the local provider, 2 PCs per host, 3 per customer, creation open, no home page, isolated', () => {
    expect(loadConfig({}).vms).toEqual({
      provider: 'local',
      hostCapacity: 2,
      customerLimit: 3,
      creationSuspended: false,
      homeUrl: undefined,
      allowUnisolated: false,
    });
  });

  it('reads VM_PROVIDER, the limits, the suspension, the home page and the isolation override', () => {
    expect(
      loadConfig({
        VM_PROVIDER: 'none',
        VM_HOST_CAPACITY: '5',
        VM_CUSTOMER_LIMIT: '0',
        VM_CREATION_SUSPENDED: '1',
        VM_HOME_URL: 'https://example.com/start',
        VM_LOCAL_UNISOLATED: 'true',
      }).vms,
    ).toEqual({
      provider: 'none',
      hostCapacity: 5,
      customerLimit: 0,
      creationSuspended: true,
      homeUrl: 'https://example.com/start',
      allowUnisolated: true,
    });
    expect(loadConfig({ VM_CREATION_SUSPENDED: 'false' }).vms.creationSuspended).toBe(false);
  });

  it('refuses what it cannot use', () => {
    for (const env of [
      { VM_PROVIDER: 'azure' },
      { VM_HOST_CAPACITY: '-1' },
      { VM_HOST_CAPACITY: 'two' },
      { VM_CUSTOMER_LIMIT: '1.5' },
      { VM_CREATION_SUSPENDED: 'yes' },
      { VM_HOME_URL: 'file:///etc/passwd' },
      { VM_LOCAL_UNISOLATED: 'yes' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('points the PCs at the gateway where this host reaches it', () => {
    expect(gatewayForDesktops(loadConfig({ GATEWAY_HOST: '0.0.0.0', GATEWAY_PORT: '8001' }))).toEqual({
      host: '127.0.0.1',
      port: 8001,
    });
    expect(gatewayForDesktops(loadConfig({ GATEWAY_HOST: '::' })).host).toBe('127.0.0.1');
    expect(gatewayForDesktops(loadConfig({ HOST: '10.1.2.3' }))).toEqual({ host: '10.1.2.3', port: 8000 });
  });
});
