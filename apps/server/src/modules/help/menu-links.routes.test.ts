import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const HELP = 'https://help.vendor.example/center';
const AI = 'https://ai.vendor.example/authentication';
const baseEnv = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused', PUBLIC_URL: 'https://console.example.test' };

/** Issue #20: the help centre and sister AI links are the operator's runtime settings. */
describe('the menu links', () => {
  describe('when configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ HELP_CENTER_URL: HELP, SISTER_AI_URL: AI });
    });
    afterAll(() => t.close());

    it('gives a customer both links, a tourist none, a visitor 401', async () => {
      const customer = await signedInCustomer(t.database);
      expect(await call(t.app, 'GET', '/proxy/menu_links', { token: customer.token })).toMatchObject({
        code: 0,
        data: { help_center_url: HELP, sister_ai_url: AI },
      });
      const tourist = await signedInCustomer(t.database, { isTourist: true, email: null });
      expect((await call(t.app, 'GET', '/proxy/menu_links', { token: tourist.token })).data).toEqual({
        help_center_url: null,
        sister_ai_url: null,
      });
      expect((await call(t.app, 'GET', '/proxy/menu_links')).status).toBe(401);
    });
  });

  describe('when unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ HELP_CENTER_URL: HELP });
    });
    afterAll(() => t.close());

    it('answers null for a link the operator did not set', async () => {
      const customer = await signedInCustomer(t.database);
      expect((await call(t.app, 'GET', '/proxy/menu_links', { token: customer.token })).data).toEqual({
        help_center_url: HELP,
        sister_ai_url: null,
      });
    });
  });

  it('refuses a link that is not an http(s) address at start', () => {
    expect(() => loadConfig({ ...baseEnv, HELP_CENTER_URL: 'javascript:alert(1)' })).toThrow(
      /HELP_CENTER_URL/,
    );
    expect(() => loadConfig({ ...baseEnv, SISTER_AI_URL: 'not a url' })).toThrow(/SISTER_AI_URL/);
    expect(loadConfig({ ...baseEnv, SISTER_AI_URL: `${AI}/` }).menuLinks).toEqual({
      helpCenter: null,
      sisterAi: AI,
    });
  });
});
