import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, spawnServer, startServer, tempDataDir, waitForExit } from './support/server';

/** The built product's operator side: the first owner from the command line, then a TOTP sign-in. */
describe('operators of the built product', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server?.url}/api${path}`, {
      method: path.startsWith('/admin/prices') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return response.json();
  };

  it('creates the first owner with npm run operator, who signs in with a password and TOTP and is audited', async () => {
    const dataDir = tempDataDir();
    const cli = spawnServer(
      { DATA_DIR: dataDir, OPERATOR_PASSWORD: 'a long owner password' },
      'operator.js',
      ['create', '--email', 'owner@example.test', '--role', 'owner'],
    );
    const created = await waitForExit(cli.child, cli.output);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('created operator owner@example.test (owner)');

    server = await startServer({ dataDir });
    const first = await post('/admin/session', {
      email: 'owner@example.test',
      password: 'a long owner password',
    });
    expect(first.data.stage).toBe('enrol');
    const secret: string = first.data.enrolment.secret;
    const signedIn = await post(
      '/admin/session/totp',
      { code: await generate({ secret }) },
      { 'x-operator-session': first.data.token },
    );
    expect(signedIn.data.recovery_codes).toHaveLength(10);
    const headers = { 'x-operator-session': signedIn.data.token };
    expect((await post('/admin/prices/dynamic_ip', { price: '0.18' }, headers)).data).toMatchObject({
      price: '0.18',
    });
    const audit = await (await fetch(`${server.url}/api/admin/audit`, { headers })).json();
    expect(
      audit.data.records.map((entry: { action: string; actor: string }) => [entry.action, entry.actor]),
    ).toEqual([
      ['price.set', 'owner@example.test'],
      ['operator.create', 'command line'],
    ]);
  });
});
