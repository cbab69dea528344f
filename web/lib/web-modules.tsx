import { createContext, createElement, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { LoadingState } from '../ui/states.tsx';
import type { ModuleKey } from '../../core/modules.ts';

/**
 * A web module's manifest: what the shell needs to know of it beyond its routes (which the app's
 * route tree lists, lazily loaded). The app provides the list (web/app/web-modules.ts); screens of
 * other modules read it through the hooks here, so no module imports another.
 */
export interface WebModule {
  key: ModuleKey;
  /** The module's own settings below its switch on /admin/modules/<module> (lazily loaded). */
  SettingsPanel?: ComponentType<{ moduleEnabled: boolean | undefined }>;
}

const WebModulesContext = createContext<readonly WebModule[]>([]);

export const WebModulesProvider = WebModulesContext.Provider;

/** The settings panel the module brings (loaded on demand), or `fallback` until it has one. */
export function ModuleSettingsPanel({
  module,
  moduleEnabled,
  fallback,
}: {
  module: ModuleKey;
  moduleEnabled: boolean | undefined;
  fallback: ReactNode;
}) {
  const panel = useContext(WebModulesContext).find((entry) => entry.key === module)?.SettingsPanel;
  if (!panel) return fallback;
  return <Suspense fallback={<LoadingState label="Loading the settings…" />}>{createElement(panel, { moduleEnabled })}</Suspense>;
}
