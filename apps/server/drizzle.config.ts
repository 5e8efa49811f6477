import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // each feature's tables, beside it (lib/db/columns.ts says more); scripts/test.mjs checks the same files
  schema: './src/**/*.schema.ts',
  out: './drizzle',
});
