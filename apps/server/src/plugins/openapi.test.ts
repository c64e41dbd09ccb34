import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/user/info', '/api/api/statistics/log']),
    );
    const logBody =
      document.paths['/api/api/statistics/log'].post.requestBody.content['application/json'].schema;
    expect(logBody.required).toContain('event');
    expect(document.paths['/api/user/info'].get.security).toEqual([{ session: [] }]);
  });

  it('renders the reference page at /api-docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('scalar');
  });
});
