/**
 * The server's entry point (`node server/main.ts`, `npm start`).
 *
 * It turns on Node's compile cache: a restart reuses each file's stripped types and compiled code
 * from disk, so the server starts sooner. `npm start` names the folder in `NODE_COMPILE_CACHE` before
 * Node starts, which covers this file too: with every file cached, Node does not load its TypeScript
 * stripper at all (about 17 MB resident). Started as plain `node server/main.ts`, the cache (in the
 * system's temporary folder) covers every file after this one, and the stripper is loaded for it.
 *
 * Then it installs a shortcut in module resolution (platform/module-resolution.ts), which must be in
 * place before the server's own imports are resolved, and loads the server (serve.ts) with a dynamic
 * import, so those imports are resolved after it.
 */
import module from 'node:module';
import { installModuleResolutionShortcut } from './platform/module-resolution.ts';

module.enableCompileCache();
installModuleResolutionShortcut();
await import('./serve.ts');
// Listening, with every module loaded: written now, not only at a clean exit (a killed server writes none).
module.flushCompileCache();
