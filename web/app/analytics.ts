import type { PostHog, PostHogConfig } from 'posthog-js';

/**
 * Analytics (spec section 4): PostHog, on only when a key is configured and the host name contains
 * neither "localhost" nor an IP address. A page view carrying the full path as current_url is sent
 * after each route change; person profiles are made for identified users only; no automatic page
 * view, autocapture, dead-click capture, heatmaps or session recording. posthog-js's own defaults of
 * spec section 9 (session idle 1800 s, cookie 365 days, flag timeout 3000 ms, survey timeout
 * 10000 ms, string length 65535, request timeout 60000 ms) are left as they are.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function isIpAddress(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return IPV4.test(bare) || (bare.includes(':') && /^[0-9a-f:.]+$/i.test(bare));
}

export function isAnalyticsEnabled(input: { key: string | null | undefined; hostname: string }): boolean {
  if (!input.key) return false;
  const hostname = input.hostname.toLowerCase();
  return !hostname.includes('localhost') && !isIpAddress(hostname);
}

/** The options given to posthog.init: only what the spec turns off; everything else stays default. */
export function analyticsConfig(apiHost: string): Partial<PostHogConfig> {
  return {
    api_host: apiHost,
    person_profiles: 'identified_only',
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    capture_dead_clicks: false,
    enable_heatmaps: false,
    disable_session_recording: true,
    // The CSP allows scripts from 'self' only: PostHog must not fetch extra scripts (surveys, toolbar).
    disable_external_dependency_loading: true,
    disable_surveys: true,
  };
}

let client: PostHog | null = null;

/** Loads posthog-js (in its own chunk) and starts it when analytics is enabled. */
export async function startAnalytics(config: { key: string; host: string } | null): Promise<void> {
  if (client || !config || !isAnalyticsEnabled({ key: config.key, hostname: window.location.hostname })) return;
  const { posthog } = await import('posthog-js');
  posthog.init(config.key, analyticsConfig(config.host));
  client = posthog;
}

/** A page view after a route change, with the full path (path, query and hash) as current_url; false when analytics has not started (or is off). */
export function capturePageView(fullPath: string): boolean {
  client?.capture('$pageview', { current_url: fullPath });
  return client !== null;
}

/** Identified by user id and agency only: no names or addresses leave for the analytics provider. */
export function identifyUser(userId: string, agencyId: string): void {
  client?.identify(userId, { agency_id: agencyId });
}

export function resetAnalytics(): void {
  client?.reset();
}
