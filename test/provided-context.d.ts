// Values the Vitest global setups hand to tests; read them with `inject(key)` from 'vitest'.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Superuser URL of a PostgreSQL server for tests (test/global-setup.ts): TEST_DATABASE_URL when
     * set, else a throw-away cluster started for this run. Make a database of your own on it with
     * createScratchDatabase() from test/postgres.ts rather than using this one directly.
     */
    postgresUrl: string;
    /** A migrated PGlite data directory written for this run; load it with pgliteTemplate() from test/pglite-template.ts. */
    pgliteTemplate: import('./pglite-template.ts').PgliteTemplate;
  }
}
