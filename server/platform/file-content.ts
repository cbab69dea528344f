import zlib from 'node:zlib';
import type { FileType } from './storage.ts';

/**
 * Whole-file checks of an upload whose first bytes said what it is (sniffFile): an image must be
 * well-formed to its end (so a browser can decode it and nothing rides along in a broken one), and a
 * PDF must carry nothing that acts on its own (scripts, launch actions, embedded files, forms that
 * submit). Answers what is wrong, in words for the person uploading, or null when the file is fine.
 * Structural checks, not a full decode: fast enough for the request path on a 10 MB photo.
 */
export async function fileContentProblem(type: FileType, data: Buffer): Promise<string | null> {
  switch (type) {
    case 'image/png':
      return pngProblem(data);
    case 'image/jpeg':
      return jpegProblem(data) ? damagedImage('JPEG') : null;
    case 'image/webp':
      return webpProblem(data) ? damagedImage('WebP') : null;
    case 'application/pdf':
      return pdfProblem(data);
  }
}

const damagedImage = (kind: string) => `This ${kind} image is damaged or incomplete; take or export the photo again`;

/**
 * The most pixels a PNG may have. Its header says how much its image data inflates to, and a few
 * kilobytes of compressed zeros can claim gigabytes, so the claim itself is bounded: 40 megapixels
 * is more than a phone's photo, and at most 320 MB to count (16-bit RGBA), which is counted as it
 * streams through zlib, never held.
 */
const MAX_PNG_PIXELS = 40_000_000;
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's seven passes: first column and row, then the step between columns and between rows. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Every chunk's length and CRC, IHDR first, IEND last, and the image data inflating to exactly the size IHDR promises. */
async function pngProblem(data: Buffer): Promise<string | null> {
  let offset = 8;
  const idat: Buffer[] = [];
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlaced: boolean } | null = null;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const kind = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > data.length) break;
    if (zlib.crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length)) break;
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (!header) {
      if (kind !== 'IHDR' || length !== 13) break;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlaced: body[12] === 1,
      };
      if (header.width === 0 || header.height === 0 || !(header.colourType in PNG_CHANNELS)) break;
      if (header.width * header.height > MAX_PNG_PIXELS)
        return `This image is larger than ${MAX_PNG_PIXELS / 1_000_000} megapixels; export it at a smaller size and try again`;
    } else if (kind === 'IDAT') idat.push(body);
    else if (kind === 'IEND') {
      if (end !== data.length || idat.length === 0) break;
      const bits = header.bitDepth * PNG_CHANNELS[header.colourType]!;
      // Each row of each pass starts with its filter byte; a pass with no pixels has no rows at all.
      const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
      let expected = 0;
      for (const [column, row, columnStep, rowStep] of passes) {
        const width = Math.ceil((header.width - column) / columnStep);
        const height = Math.ceil((header.height - row) / rowStep);
        if (width > 0 && height > 0) expected += height * (1 + Math.ceil((width * bits) / 8));
      }
      return (await inflatedLength(idat, expected + 1)) === expected ? null : damagedImage('PNG');
    }
    offset = end;
  }
  return damagedImage('PNG');
}

/**
 * How many bytes these zlib data inflate to, counted as they stream by and dropped, stopping once
 * past `limit`; null when they are not a whole zlib stream. The work runs on libuv's threads in
 * 256 KB pieces, so the event loop stays free (320 MB of zeros: about 150 ms, memory flat).
 */
function inflatedLength(parts: readonly Buffer[], limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ chunkSize: 256 * 1024 });
    let total = 0;
    inflate.on('data', (piece: Buffer) => {
      total += piece.length;
      if (total > limit) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('error', () => resolve(null));
    inflate.on('end', () => resolve(total));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** Markers with their lengths from SOI, a frame header before the scan, and the scan's data ending in EOI. */
function jpegProblem(data: Buffer): boolean {
  let offset = 2;
  let frame = false;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return true;
    let marker = data[offset + 1]!;
    while (marker === 0xff && offset + 2 < data.length) marker = data[++offset + 1]!;
    if (marker === 0xd9) return true; // EOI before any scan
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > data.length) return true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    offset += 2 + length;
    if (marker === 0xda) {
      if (!frame) return true;
      // Entropy-coded data: a 0xFF is followed by 0x00 (a literal), a restart marker or another scan's markers; EOI ends the image.
      while (offset + 1 < data.length) {
        if (data[offset] === 0xff) {
          const next = data[offset + 1]!;
          if (next === 0xd9) return false;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset + 1 >= data.length) return true;
    }
  }
  return true;
}

/** The RIFF size matching the file, and a VP8, VP8L or VP8X chunk with its signature. */
function webpProblem(data: Buffer): boolean {
  if (data.length < 20) return true;
  const riffSize = data.readUInt32LE(4);
  if (riffSize + 8 !== data.length && riffSize + 9 !== data.length) return true;
  const chunk = data.toString('latin1', 12, 16);
  const chunkSize = data.readUInt32LE(16);
  if (20 + chunkSize > data.length) return true;
  if (chunk === 'VP8 ') return !(data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a);
  if (chunk === 'VP8L') return data[20] !== 0x2f;
  return chunk !== 'VP8X';
}

/** Names of PDF features that act by themselves: scripts, launching programs, embedded files, rich media, XFA forms, submitting. */
const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)(?![A-Za-z0-9])/;
/**
 * At most this much inflated object-stream text is searched, whatever the streams claim to hold; a
 * PDF whose object streams hold more is refused. Inflated in one piece (the text is searched whole),
 * so this bounds the memory one upload can take: 16 MB is many times what a 10 MB scan's objects need.
 */
const MAX_PDF_TEXT = 16 * 1024 * 1024;
const DAMAGED_PDF = 'This PDF is damaged or incomplete; save or print it to a new PDF and try again';
const OVERSIZED_PDF = `This PDF packs too much to check (over ${MAX_PDF_TEXT / 1024 / 1024} MB once unpacked); print it to a new PDF and try again`;

/** Names may spell letters as #xx (/J#61vaScript): what a reader reads. */
const decodeNames = (source: string) =>
  source.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function pdfProblem(data: Buffer): string | null {
  if (!data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF')) return DAMAGED_PDF;
  const text = data.toString('latin1');
  const hasActive = (source: string) => ACTIVE_PDF.test(decodeNames(source));
  // The objects outside streams, and those packed into object streams (/ObjStm), are searched; other
  // streams (page drawings, images) are data whose bytes could spell anything.
  const outside: string[] = [];
  let searched = 0;
  let from = 0;
  for (const stream of pdfStreams(text)) {
    outside.push(text.slice(from, stream.start));
    from = stream.end + 'endstream'.length;
    if (!/\/Type\s*\/ObjStm(?![A-Za-z0-9])/.test(decodeNames(stream.dictionary))) continue;
    if (searched >= MAX_PDF_TEXT) return OVERSIZED_PDF;
    try {
      const objects = zlib
        .inflateSync(data.subarray(stream.start, stream.end), { maxOutputLength: MAX_PDF_TEXT - searched })
        .toString('latin1');
      searched += objects.length;
      if (hasActive(objects)) return ACTIVE_PDF_REFUSAL;
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? OVERSIZED_PDF : DAMAGED_PDF;
    }
  }
  outside.push(text.slice(from));
  return hasActive(outside.join('\n')) ? ACTIVE_PDF_REFUSAL : null;
}

const ACTIVE_PDF_REFUSAL =
  'PDFs that run scripts, open programs or carry attached files are not accepted; print it to a new PDF and upload that';

const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const PDF_DELIMITERS = new Set([...'()<>[]{}/%'].map((character) => character.charCodeAt(0)));

/**
 * The streams of a PDF, found the way a reader finds them: the keyword `stream` right after an
 * object's dictionary closes (`>>`, only white space or comments between), never a `stream` inside a
 * literal or hex string, a comment or a dictionary, so text like `(stream\n)` cannot hide the
 * objects that follow it. Each stream's data runs from the end of that line to the next `endstream`.
 */
function* pdfStreams(text: string): Generator<{ dictionary: string; start: number; end: number }> {
  let depth = 0;
  let dictionaryStart = 0;
  let closedDictionary: string | null = null;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (PDF_WHITESPACE.has(code)) at += 1;
    else if (code === 0x25 /* % */) {
      while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at += 1;
    } else if (code === 0x28 /* ( */) {
      at = literalStringEnd(text, at);
      closedDictionary = null;
    } else if (text.startsWith('<<', at)) {
      if (depth === 0) dictionaryStart = at;
      depth += 1;
      at += 2;
      closedDictionary = null;
    } else if (text.startsWith('>>', at)) {
      depth = Math.max(0, depth - 1);
      at += 2;
      closedDictionary = depth === 0 ? text.slice(dictionaryStart, at) : null;
    } else if (code === 0x3c /* < */) {
      const close = text.indexOf('>', at);
      at = close < 0 ? text.length : close + 1;
      closedDictionary = null;
    } else {
      // A name, a number or a keyword: regular characters up to the next white space or delimiter
      // (a name's own / first).
      let end = at + 1;
      while (end < text.length && !PDF_WHITESPACE.has(text.charCodeAt(end)) && !PDF_DELIMITERS.has(text.charCodeAt(end))) end += 1;
      const token = text.slice(at, end);
      at = end;
      if (token === 'stream' && closedDictionary !== null) {
        const lineEnd = text.startsWith('\r\n', at) ? at + 2 : text[at] === '\n' || text[at] === '\r' ? at + 1 : -1;
        const streamEnd = lineEnd < 0 ? -1 : text.indexOf('endstream', lineEnd);
        if (streamEnd >= 0) {
          yield { dictionary: closedDictionary, start: lineEnd, end: streamEnd };
          at = streamEnd + 'endstream'.length;
        }
      }
      closedDictionary = null;
    }
  }
}

/** Where a literal string that opens at `open` ends: parentheses nest, and a backslash escapes the next character. */
function literalStringEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    const character = text[at];
    if (character === '\\') at += 1;
    else if (character === '(') depth += 1;
    else if (character === ')' && --depth === 0) return at + 1;
  }
  return text.length;
}
