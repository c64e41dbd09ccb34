import { defineConfig } from 'drizzle-kit';

// `npm run generate -w @ptc/db` writes a new SQL migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
