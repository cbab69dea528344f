import zlib from 'node:zlib';
import type { FileType } from './storage.ts';

/**
 * Whole-file checks of an upload whose first bytes said what it is (sniffFile): an image must be
 * well-formed to its end (so a browser can decode it and nothing rides along in a broken one), and a
 * PDF must carry nothing that acts on its own (scripts, launch actions, embedded files, forms that
 * submit). Answers what is wrong, in words for the person uploading, or null when the file is fine.
 * Structural checks, not a full decode: fast enough for the request path on a 10 MB photo.
 */
export function fileContentProblem(type: FileType, data: Buffer): string | null {
  switch (type) {
    case 'image/png':
      return pngProblem(data) ? damagedImage('PNG') : null;
    case 'image/jpeg':
      return jpegProblem(data) ? damagedImage('JPEG') : null;
    case 'image/webp':
      return webpProblem(data) ? damagedImage('WebP') : null;
    case 'application/pdf':
      return pdfProblem(data);
  }
}

const damagedImage = (kind: string) => `This ${kind} image is damaged or incomplete; take or export the photo again`;

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Every chunk's length and CRC, IHDR first, IEND last, and the image data inflating to the size IHDR promises. */
function pngProblem(data: Buffer): boolean {
  let offset = 8;
  const idat: Buffer[] = [];
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlaced: boolean } | null = null;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const kind = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > data.length) return true;
    if (zlib.crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length)) return true;
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (!header) {
      if (kind !== 'IHDR' || length !== 13) return true;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlaced: body[12] === 1,
      };
      if (header.width === 0 || header.height === 0 || !(header.colourType in PNG_CHANNELS)) return true;
    } else if (kind === 'IDAT') idat.push(body);
    else if (kind === 'IEND') {
      if (end !== data.length || idat.length === 0) return true;
      const bits = header.bitDepth * PNG_CHANNELS[header.colourType]!;
      const expected = header.height * (1 + Math.ceil((header.width * bits) / 8));
      try {
        const pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: Math.max(expected, 1) * 2 });
        // Interlaced rows come in seven passes with a filter byte each: a little more than `expected`.
        return header.interlaced ? pixels.length < expected : pixels.length !== expected;
      } catch {
        return true;
      }
    }
    offset = end;
  }
  return true;
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
/** At most this much inflated stream text is searched, whatever the streams claim to hold. */
const MAX_PDF_TEXT = 64 * 1024 * 1024;

function pdfProblem(data: Buffer): string | null {
  if (!data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF'))
    return 'This PDF is damaged or incomplete; save or print it to a new PDF and try again';
  const text = data.toString('latin1');
  // Names may spell letters as #xx (/J#61vaScript).
  const hasActive = (source: string) =>
    ACTIVE_PDF.test(source.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  // The objects outside streams, and those packed into object streams (/ObjStm), are searched; other
  // streams (page drawings, images) are data whose bytes could spell anything.
  const outside: string[] = [];
  let searched = 0;
  let from = 0;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    if (match.index < from) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = text.slice(text.lastIndexOf('obj', match.index), match.index);
    outside.push(text.slice(from, match.index));
    from = end + 'endstream'.length;
    if (!dictionary.includes('/ObjStm') || searched >= MAX_PDF_TEXT) continue;
    try {
      const objects = zlib.inflateSync(data.subarray(start, end), { maxOutputLength: MAX_PDF_TEXT - searched }).toString('latin1');
      searched += objects.length;
      if (hasActive(objects)) return ACTIVE_PDF_REFUSAL;
    } catch {
      return 'This PDF is damaged or incomplete; save or print it to a new PDF and try again';
    }
  }
  outside.push(text.slice(from));
  return hasActive(outside.join('\n')) ? ACTIVE_PDF_REFUSAL : null;
}

const ACTIVE_PDF_REFUSAL =
  'PDFs that run scripts, open programs or carry attached files are not accepted; print it to a new PDF and upload that';
