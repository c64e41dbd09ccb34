import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, openDatabase } from '@ptc/db';
import { ConfigError, loadConfig } from './config';
import { recordAudit } from './modules/admin/audit/audit.service';
import {
  createOperator,
  newOperatorPassword,
  type OperatorRole,
} from './modules/admin/operators/operators.service';

declare const PTC_BUNDLED_MIGRATIONS: string | undefined;

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage: npm run operator -- create --email <email> --role <${OPERATOR_ROLES.join('|')}> [--name <name>]
  The password is OPERATOR_PASSWORD when set (12 characters at least), else a random one printed once.
  TOTP is enrolled at the operator's first sign-in. With the embedded database, stop the
  server first (one process owns ./data); with DATABASE_URL it works while the server runs.`;

/** `npm run operator -- create …`: creates an operator (the first owner, typically). */
const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create' || !values.email || !values.role) {
    complain(USAGE);
    process.exit(2);
  }
  const role = values.role as OperatorRole;
  if (!OPERATOR_ROLES.includes(role)) {
    complain(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
    process.exit(2);
  }
  const config = loadConfig();
  const generated = process.env.OPERATOR_PASSWORD ? null : newOperatorPassword();
  const password = process.env.OPERATOR_PASSWORD ?? generated ?? '';
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder:
      typeof PTC_BUNDLED_MIGRATIONS === 'string'
        ? fileURLToPath(new URL(PTC_BUNDLED_MIGRATIONS, import.meta.url))
        : undefined,
  });
  try {
    const operator = await createOperator(database.db, {
      email: values.email,
      name: values.name,
      role,
      password,
    });
    await recordAudit(database.db, {
      operator: null,
      action: 'operator.create',
      target: { type: 'operator', id: operator.email },
      after: { email: operator.email, name: operator.name, role: operator.role },
    });
    say(`created operator ${operator.email} (${operator.role})`);
    if (generated) say(`password (shown once): ${generated}`);
    say('sign in through POST /api/admin/session; the first sign-in enrols TOTP in an authenticator app.');
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  complain(error instanceof ConfigError ? error.message : `operator: ${(error as Error).message}`);
  process.exit(1);
});
