/**
 * The server's entry point (`node server/main.ts`, `npm start`). It installs a shortcut in module
 * resolution first (platform/module-resolution.ts), which must be in place before the server's own
 * imports are resolved, then loads the server (serve.ts) with a dynamic import, so those imports are
 * resolved after it.
 */
import { installModuleResolutionShortcut } from './platform/module-resolution.ts';

installModuleResolutionShortcut();
await import('./serve.ts');
