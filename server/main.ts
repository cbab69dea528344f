/**
 * The server's entry point (`node server/main.ts`, `npm start`).
 *
 * It turns on Node's compile cache: a restart reuses each file's stripped types and compiled code
 * from disk (`NODE_COMPILE_CACHE` names the folder, the system's temporary folder by default), so
 * the server starts sooner and does not load the type stripper, about 14 MB it would otherwise keep.
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
