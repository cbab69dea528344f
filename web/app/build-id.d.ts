/** The id of this build, set by vite.config.ts; also written to builds/latest.json. */
declare const __PRECINCT_BUILD_ID__: string;
