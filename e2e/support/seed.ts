import { openDatabase } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';

/**
 * Creates a signed-in customer directly in a data directory, before the server opens it,
 * and returns session tokens the console stores: tests of the shell reach the signed-in
 * layout without going through the sign-in screens (which have their own tests).
 */
export const seedSignedInUser = async (
  dataDir: string,
  overrides: Parameters<typeof createUser>[1] = {},
  sessionCount = 1,
) => {
  const database = await openDatabase({ dataDir });
  try {
    const user = await createUser(database.db, { username: 'e2e_user', ...overrides });
    const tokens: string[] = [];
    for (let i = 0; i < sessionCount; i += 1) tokens.push(await createSession(database.db, user.id));
    return { user, token: tokens[0] ?? '', tokens };
  } finally {
    await database.close();
  }
};
