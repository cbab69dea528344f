import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AuthLinkProvider, type AuthLinkRenderer } from '../ui/auth-link.tsx';
import { WebModulesProvider } from '../lib/web-modules.tsx';
import { UiProviders } from './ui-providers.tsx';
import { WEB_MODULES } from './web-modules.ts';

/** In the app, the sign-in screens' links are the router's (preloaded on intent, no page load). */
const routerLink: AuthLinkRenderer = (props) => <Link {...props} />;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>
        <AuthLinkProvider value={routerLink}>
          <WebModulesProvider value={WEB_MODULES}>{children}</WebModulesProvider>
        </AuthLinkProvider>
      </QueryClientProvider>
    </UiProviders>
  );
}
