import { timestamp } from 'drizzle-orm/pg-core';

/** The created and updated instants most tables carry, for the platform's schema and the modules' (server/<module>/schema.ts). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
