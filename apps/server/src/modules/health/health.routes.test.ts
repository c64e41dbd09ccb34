import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers code 0 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: { status: 'ok', database: t.database.driver } });
  });

  it('answers a 500 envelope when the database is gone', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: 'Database unavailable', data: null });
  });
});
