import type { Exit, ProxyCredential } from '../ports';

let sequence = 0;

/** A dynamic-traffic proxy credential, admitted, for any area unless overridden. */
export const makeCredential = (overrides: Partial<ProxyCredential> = {}): ProxyCredential => {
  sequence += 1;
  return {
    proxyId: String(1000 + sequence),
    userId: '1',
    username: `user${sequence}`,
    password: `pass${sequence}secret`,
    family: 'dynamic-traffic',
    area: {},
    line: null,
    exitType: null,
    exitId: null,
    admission: { ok: true },
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
