/**
 * Crawler and bot user agents (spec section 8): their errors go to the app error hook without the
 * error page. Headless browsers are not bots here: they are how people and tests drive the app.
 */
const BOT_PATTERN = new RegExp(
  [
    'bot\\b',
    'bot/',
    'bot-',
    'crawler',
    'crawling',
    'spider',
    'slurp',
    'mediapartners',
    'adsbot',
    'bingpreview',
    'facebookexternalhit',
    'facebot',
    'embedly',
    'quora link preview',
    'outbrain',
    'pinterest',
    'vkshare',
    'w3c_validator',
    'whatsapp',
    'slack-imgproxy',
    'slackbot',
    'discordbot',
    'telegrambot',
    'twitterbot',
    'linkedinbot',
    'applebot',
    'yandex',
    'baiduspider',
    'duckduckbot',
    'petalbot',
    'semrush',
    'ahrefs',
    'mj12bot',
    'dotbot',
    'bytespider',
    'gptbot',
    'chatgpt-user',
    'claudebot',
    'perplexitybot',
    'ccbot',
    'archive\\.org_bot',
    'ia_archiver',
    'python-requests',
    'curl/',
    'wget/',
    'go-http-client',
    'java/',
    'okhttp',
  ].join('|'),
  'i',
);

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT_PATTERN.test(userAgent);
}
