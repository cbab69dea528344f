/**
 * Just enough MIME to read the mail the app sends in tests (nodemailer's output): headers with RFC 2047
 * encoded words, multipart bodies, quoted-printable and base64, charsets. Takes the text/plain part;
 * falls back to the text of the text/html part (links kept as "label (url)").
 */

export interface ParsedMail {
  /** Recipients from the To and Cc headers, lower-cased. */
  to: string[];
  subject: string;
  text: string;
}

interface Entity {
  headers: Map<string, string>;
  /** Body as a binary ("latin1") string: one char per byte. */
  body: string;
}

function splitEntity(raw: string): Entity {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

function parseContentType(value: string | undefined): ContentType {
  const params = new Map<string, string>();
  if (!value) return { type: 'text/plain', params };
  const [type = 'text/plain', ...rest] = value.split(';');
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    let val = param.slice(eq + 1).trim();
    if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1).replace(/\\(.)/g, '$1');
    params.set(key, val);
  }
  return { type: type.trim().toLowerCase(), params };
}

function bytesOf(binary: string): Buffer {
  return Buffer.from(binary, 'latin1');
}

function decodeQuotedPrintable(binary: string): Buffer {
  const unwrapped = binary.replace(/=\r?\n/g, '');
  return bytesOf(unwrapped.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parseContentType(entity.headers.get('content-type')).params.get('charset');
  let bytes: Buffer;
  if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(entity.body);
  else if (encoding === 'base64') bytes = Buffer.from(entity.body.replace(/\s+/g, ''), 'base64');
  else bytes = bytesOf(entity.body);
  return decodeCharset(bytes, charset);
}

/** RFC 2047: =?charset?Q?...?= and =?charset?B?...?=, adjacent words joined without the space between. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : bytesOf(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))));
      return decodeCharset(bytes, charset);
    });
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  const lines = body.split(/\r?\n/);
  let current: string[] | undefined;
  for (const line of lines) {
    if (line === `${delimiter}--` || line.startsWith(`${delimiter}--`)) {
      if (current) parts.push(current.join('\r\n'));
      current = undefined;
      break;
    }
    if (line === delimiter || (line.startsWith(delimiter) && line.slice(delimiter.length).trim() === '')) {
      if (current) parts.push(current.join('\r\n'));
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

/** Every leaf part of a message, depth first. */
function leaves(entity: Entity): Entity[] {
  const contentType = parseContentType(entity.headers.get('content-type'));
  const boundary = contentType.params.get('boundary');
  if (contentType.type.startsWith('multipart/') && boundary) {
    return splitMultipart(entity.body, boundary).flatMap((part) => leaves(splitEntity(part)));
  }
  if (contentType.type === 'message/rfc822') return leaves(splitEntity(entity.body));
  return [entity];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of an HTML mail body: links become "label (href)", block ends become line breaks. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, '')
      .replace(
        /<a\b[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi,
        (_, dq: string | undefined, sq: string | undefined, label: string) => {
          const href = dq ?? sq ?? '';
          const text = label.replace(/<[^>]+>/g, '').trim();
          return text && text !== href ? `${text} (${href})` : href;
        },
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function addresses(header: string | undefined): string[] {
  if (!header) return [];
  const decoded = decodeEncodedWords(header);
  const found = decoded.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? [];
  return found.map((a) => a.toLowerCase());
}

export function parseMail(raw: Buffer): ParsedMail {
  const message = splitEntity(raw.toString('latin1'));
  const parts = leaves(message).filter((part) => !/^attachment/i.test(part.headers.get('content-disposition') ?? ''));
  const typeOf = (part: Entity) => parseContentType(part.headers.get('content-type')).type;
  const plain = parts.find((part) => typeOf(part) === 'text/plain');
  const html = parts.find((part) => typeOf(part) === 'text/html');
  const text = plain ? decodeBody(plain) : html ? htmlToText(decodeBody(html)) : '';
  return {
    to: [...new Set([...addresses(message.headers.get('to')), ...addresses(message.headers.get('cc'))])],
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/** Every http(s) URL in a text, without trailing punctuation. */
export function findLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`)\]]+/g) ?? [];
  return found.map((url) => url.replace(/[.,;:!?]+$/, ''));
}
