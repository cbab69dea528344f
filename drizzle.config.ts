import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's tables (server/db/schema.ts) and each module's (server/<module>/schema.ts).
  schema: './server/*/schema.ts',
  out: './server/db/migrations',
});
