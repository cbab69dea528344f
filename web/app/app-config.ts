import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../lib/api-client.ts';
import { offlineReadable } from '../lib/offline-reads/offline-query.ts';

/** GET /app/config.json (public): the analytics key and the server-defined route redirects. */
export const AppConfig = z.object({
  analytics: z.nullable(z.object({ key: z.string(), host: z.string() })),
  redirects: z.array(z.object({ from: z.string(), to: z.string(), permanent: z.boolean() })),
});
export type AppConfig = z.infer<typeof AppConfig>;

export const EMPTY_APP_CONFIG: AppConfig = { analytics: null, redirects: [] };

export function getAppConfig(): Promise<AppConfig> {
  return apiRequest('/app/config.json', { auth: false, schema: AppConfig });
}

/**
 * Read once per page load. When it cannot be read the app carries on without analytics and
 * redirects rather than failing: neither is needed to do the work. Every navigation waits for it, so
 * it is kept on the device (a page reloaded offline does not wait for the network to fail) and asked
 * for even offline (`networkMode: 'always'`: a paused read would hold the navigation).
 */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: () => getAppConfig().catch(() => EMPTY_APP_CONFIG),
  staleTime: Infinity,
  networkMode: 'always',
  ...offlineReadable({ essential: true }),
});
