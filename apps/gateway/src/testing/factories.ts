import type { Exit, ProxyCredential } from '../ports';

let sequence = 0;

/** Micro-PTC per GB of line 1 of dynamic traffic (SPEC §9), the test credentials' price. */
export const TEST_PRICE_PER_GB = 5_000_000;

/**
 * A dynamic-traffic proxy credential (billed by traffic at line 1's price, so its bytes are carried
 * against credit), admitted, for any area unless overridden.
 */
export const makeCredential = (overrides: Partial<ProxyCredential> = {}): ProxyCredential => {
  sequence += 1;
  return {
    proxyId: String(1000 + sequence),
    userId: '1',
    username: `user${sequence}`,
    password: `pass${sequence}secret`,
    family: 'dynamic-traffic',
    protocol: 'http',
    area: {},
    line: null,
    exitType: null,
    exitId: null,
    admission: { ok: true },
    pricePerGb: TEST_PRICE_PER_GB,
    ...overrides,
  };
};

/** A direct exit in the US unless overridden. */
export const makeExit = (overrides: Partial<Exit> = {}): Exit => {
  sequence += 1;
  return {
    id: `exit-${String(sequence).padStart(4, '0')}`,
    kind: 'direct',
    host: null,
    port: null,
    usernameTemplate: null,
    passwordTemplate: null,
    account: null,
    type: 'residential',
    line: 1,
    country: 'US',
    state: null,
    city: null,
    ...overrides,
  };
};
