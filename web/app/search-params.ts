/**
 * Query strings as plain text: `?token=abc&module=Fleet Admin`, every value a string. The router's
 * default would turn `?token=123` into a number and quote strings it writes; links from e-mails and
 * the guard's /disabled?module=… stay readable and predictable this way.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const search: Record<string, string> = {};
  for (const [key, value] of params) search[key] = value;
  return search;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
