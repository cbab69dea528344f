import { describe, expect, it } from 'vitest';
import { analyticsConfig, isAnalyticsEnabled, isIpAddress } from './analytics.ts';

describe('analytics', () => {
  it('is on for a configured key on a real host name', () => {
    expect(isAnalyticsEnabled({ key: 'phc_x', hostname: 'precinct.example.gov' })).toBe(true);
  });

  it('is off without a key', () => {
    expect(isAnalyticsEnabled({ key: '', hostname: 'precinct.example.gov' })).toBe(false);
    expect(isAnalyticsEnabled({ key: null, hostname: 'precinct.example.gov' })).toBe(false);
  });

  it.each(['localhost', 'app.localhost', 'LOCALHOST', '127.0.0.1', '10.0.4.12', '[::1]', '::1', 'fe80::1'])('is off on %s', (hostname) => {
    expect(isAnalyticsEnabled({ key: 'phc_x', hostname })).toBe(false);
  });

  it('tells IP addresses from host names', () => {
    expect(isIpAddress('192.168.0.1')).toBe(true);
    expect(isIpAddress('city.gov')).toBe(false);
    expect(isIpAddress('cafe.example')).toBe(false);
  });

  it('turns off automatic page views, autocapture, dead clicks, heatmaps and recording, with profiles for identified users only', () => {
    expect(analyticsConfig('https://eu.i.posthog.com')).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      person_profiles: 'identified_only',
      capture_pageview: false,
      autocapture: false,
      capture_dead_clicks: false,
      enable_heatmaps: false,
      disable_session_recording: true,
    });
  });

  it("leaves posthog-js's own defaults of spec section 9 alone", () => {
    const config = analyticsConfig('https://h');
    for (const key of [
      'session_idle_timeout_seconds',
      'cookie_expiration',
      'feature_flag_request_timeout_ms',
      'surveys_request_timeout_ms',
      'properties_string_max_length',
    ]) {
      expect(config).not.toHaveProperty(key);
    }
  });
});
