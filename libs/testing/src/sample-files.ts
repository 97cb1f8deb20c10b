import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * Small but genuine files for tests that upload documents and photos: the kyc service
 * parses what it stores (a PDF must parse with a page, an image must decode, nothing after
 * the end marker), so a few magic bytes and filler no longer pass. Each can be grown to an
 * exact size, for tests about size limits, with content its format allows (white space in
 * a PDF's page, a PNG text chunk, JPEG comment segments) rather than bytes after its end.
 */

/** A one-page PDF showing `text`, with a correct cross-reference table; `size` pads its page's content stream to make the file exactly that many bytes. */
export function samplePdf(options: { size?: number; text?: string } = {}): Buffer {
  const text = (options.text ?? 'Sample document').replace(/[\\()]/g, (character) => `\\${character}`);
  const build = (padding: number): Buffer => {
    const content = `BT /F1 18 Tf 36 120 Td (${text}) Tj ET\n${' '.repeat(padding)}`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
    const offsets = objects.map((object, index) => {
      const offset = body.length;
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
      return offset;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  };
  return toSize(build, options.size, 'PDF');
}

let crcTable: number[] | undefined;

function crc32(bytes: Buffer): number {
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A PNG of one colour (8×8 unless told); `size` adds a text chunk before IEND to make the file exactly that many bytes. */
export function samplePng(options: { size?: number; width?: number; height?: number } = {}): Buffer {
  const width = options.width ?? 8;
  const height = options.height ?? 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [0x30, 0x80, 0xc0]).flat())]);
  const image = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const build = (padding: number) => {
    // A tEXt chunk: keyword, NUL, text; 12 bytes of chunk and 8 of keyword around the filler.
    const comment = padding > 0 ? [pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(padding - 20, 0x20)]))] : [];
    return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', image), ...comment, pngChunk('IEND', Buffer.alloc(0))]);
  };
  return toSize(build, options.size, 'PNG', 20);
}

/** An 8×8 baseline JPEG of one colour (encoded by jpeg-js). */
const JPEG_8X8 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AK1eqeUf/9k=';

/** An 8×8 JPEG; `size` adds comment segments after SOI to make the file exactly that many bytes. */
export function sampleJpeg(options: { size?: number } = {}): Buffer {
  const jpeg = Buffer.from(JPEG_8X8, 'base64');
  const build = (padding: number) => {
    const segments: Buffer[] = [];
    // Each comment segment is its marker, a two-byte length and at most 65,533 bytes.
    const count = Math.ceil(padding / 65_537);
    for (let index = 0; index < count; index += 1) {
      const total = Math.floor(padding / count) + (index < padding % count ? 1 : 0);
      const segment = Buffer.alloc(total, 0x20);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(total - 2, 2);
      segments.push(segment);
    }
    return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
  };
  return toSize(build, options.size, 'JPEG', 4);
}

/** A DOCX as Word's format requires at the least: a ZIP holding [Content_Types].xml and word/document.xml with a paragraph of `text`. */
export function sampleDocx(text = 'Sample document'): Buffer {
  const escaped = text.replace(/[<>&]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[character] ?? character);
  const xml = (body: string) => new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': xml(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${escaped}</w:t></w:r></w:p></w:body></w:document>`),
    }),
  );
}

/** A 1×1 GIF89a. */
export function sampleGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/** `build(0)`, or `build(padding)` grown to exactly `size` bytes (padding's own length fields may shift the total, hence the loop). */
function toSize(build: (padding: number) => Buffer, size: number | undefined, format: string, smallestPadding = 1): Buffer {
  const natural = build(0);
  if (size === undefined || size === natural.length) return natural;
  if (size < natural.length + smallestPadding) throw new Error(`A sample ${format} cannot be ${size} bytes: it needs ${natural.length}, or at least ${natural.length + smallestPadding} when padded`);
  let padding = size - natural.length;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const file = build(padding);
    if (file.length === size) return file;
    padding += size - file.length;
  }
  throw new Error(`A sample ${format} of ${size} bytes could not be built`);
}
