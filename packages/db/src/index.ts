export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
export { alias } from 'drizzle-orm/pg-core';
export { DataDirLockedError, lockDataDir } from './data-dir-lock';
export { instanceSecret } from './instance-secret';
export { MIGRATIONS_FOLDER } from './migrations-folder';
export * from './open-database';
export * from './schema';
export { cityKey, demoExits, seedDemoSupply } from './seed/demo-supply';
export * from './session-token';
