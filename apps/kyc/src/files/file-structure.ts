import { Worker } from 'node:worker_threads';
import { unzipSync } from 'fflate';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { FileMimeType } from '@portal/contracts';

/**
 * Whether a file is what its first bytes claim, read whole: a PDF parses as a PDF with at
 * least one page, an image decodes as that image, a Word document has the structure of one,
 * and nothing follows the format's end marker. The first bytes alone let through polyglots
 * (a PDF with a ZIP appended, `%PDF-` followed by HTML and script, a PNG followed by HTML)
 * that some other program reading the stored file would take for something else.
 */
export async function isWellFormed(content: Buffer, type: FileMimeType): Promise<boolean> {
  try {
    switch (type) {
      case 'application/pdf':
        return await isPdf(content);
      case 'image/png':
        return await isPng(content);
      case 'image/jpeg':
        return await isJpeg(content);
      case 'image/gif':
        return isGif(content);
      case 'application/msword':
        return isWordDocument(content);
      case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
        return isDocx(content);
      default:
        return false;
    }
  } catch {
    // A parser that gives up on the content: not the file it claims to be.
    return false;
  }
}

/**
 * The largest picture decoded, in megapixels: beyond any phone camera's, and a bound on the
 * memory a small but hostile file (a decompression bomb) can make the service spend.
 */
export const MAX_IMAGE_MEGAPIXELS = 50;
/** jpeg-js's own bound on what one decode may allocate. */
const MAX_JPEG_DECODE_MB = 512;
/** A decode still running after this long is given up, and the file refused. */
export const IMAGE_DECODE_TIME_LIMIT_MS = 20_000;
/** A DOCX part we inflate to look at is refused beyond this size (a ZIP bomb). */
const MAX_DOCX_PART_BYTES = 64 * 1024 * 1024;

const tooManyPixels = (width: number, height: number) => width <= 0 || height <= 0 || width * height > MAX_IMAGE_MEGAPIXELS * 1_000_000;

/** PDF's white-space characters (ISO 32000-1 §7.2.2): NUL, tab, LF, FF, CR, space. */
const isPdfSpace = (byte: number) => byte === 0x00 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;

/**
 * A PDF: its header line, then (past white space and comment lines, such as the binary
 * comment) its first object straight away, no other text; nothing but white space after
 * its last `%%EOF`; and pdf-lib reads a document of at least one page from it.
 */
async function isPdf(content: Buffer): Promise<boolean> {
  if (!/^%PDF-\d\.\d[\0\t\n\f\r ]/.test(content.subarray(0, 9).toString('latin1'))) return false;
  let at = 8;
  for (;;) {
    while (at < content.length && isPdfSpace(content[at])) at += 1;
    if (content[at] !== 0x25 /* % */) break;
    while (at < content.length && content[at] !== 0x0a && content[at] !== 0x0d) at += 1;
  }
  if (!/^\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj\b/.test(content.subarray(at, at + 32).toString('latin1'))) return false;

  const end = content.lastIndexOf('%%EOF', undefined, 'latin1');
  if (end < 0) return false;
  for (let index = end + 5; index < content.length; index += 1) if (!isPdfSpace(content[index])) return false;

  const document = await PDFDocument.load(content, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fast });
  return document.getPageCount() > 0;
}

/**
 * A PNG: chunk after chunk from IHDR to IEND with IEND the last bytes of the file, a size
 * within MAX_IMAGE_MEGAPIXELS, and pngjs decodes it (CRCs and image data checked; see decodes).
 */
async function isPng(content: Buffer): Promise<boolean> {
  let at = 8;
  let first = true;
  for (;;) {
    if (at + 12 > content.length) return false;
    const length = content.readUInt32BE(at);
    const type = content.subarray(at + 4, at + 8).toString('latin1');
    const next = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || next > content.length) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (tooManyPixels(content.readUInt32BE(at + 8), content.readUInt32BE(at + 12))) return false;
      first = false;
    }
    if (type === 'IEND') {
      if (length !== 0 || next !== content.length) return false;
      break;
    }
    at = next;
  }
  return decodes('png', content);
}

/**
 * Where a JPEG's EOI marker ends, walking its segments (and each scan's entropy-coded data)
 * from SOI; -1 when the structure breaks before one.
 */
function jpegEnd(content: Buffer): number {
  let at = 2;
  while (at < content.length) {
    if (content[at] !== 0xff) return -1;
    // Fill bytes before a marker.
    while (content[at] === 0xff) at += 1;
    if (at >= content.length) return -1;
    const marker = content[at];
    at += 1;
    if (marker === 0xd9) return at;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0x00 || marker === 0xd8 || at + 2 > content.length) return -1;
    const length = content.readUInt16BE(at);
    if (length < 2) return -1;
    at += length;
    if (marker !== 0xda) continue;
    // A scan's data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
    while (at < content.length) {
      if (content[at] !== 0xff) {
        at += 1;
        continue;
      }
      const following = content[at + 1];
      if (following === 0x00 || (following >= 0xd0 && following <= 0xd7)) at += 2;
      else break;
    }
  }
  return -1;
}

/** A JPEG: its segments from SOI to EOI with EOI the last bytes of the file, and jpeg-js decodes it within bounds. */
function isJpeg(content: Buffer): Promise<boolean> {
  if (jpegEnd(content) !== content.length) return Promise.resolve(false);
  return decodes('jpeg', content);
}

/**
 * Decodes the picture in a worker thread (pngjs, or jpeg-js within its limits): a photo of
 * several megapixels takes seconds of CPU in JavaScript, which on the service's own thread
 * would stall every other request it is answering. Resolves false when the decoder throws,
 * the worker fails or the decode takes longer than IMAGE_DECODE_TIME_LIMIT_MS.
 */
function decodes(format: 'png' | 'jpeg', content: Buffer): Promise<boolean> {
  const decoder = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { format, content, decoder, limits } = workerData;
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    const image = format === 'png'
      ? require(decoder).PNG.sync.read(bytes, { checkCRC: true })
      : require(decoder).decode(bytes, { useTArray: true, formatAsRGBA: false, tolerantDecoding: false, ...limits });
    parentPort.postMessage(image.width > 0 && image.height > 0);
  `;
  const workerData = {
    format,
    content,
    decoder: require.resolve(format === 'png' ? 'pngjs' : 'jpeg-js'),
    limits: { maxResolutionInMP: MAX_IMAGE_MEGAPIXELS, maxMemoryUsageInMB: MAX_JPEG_DECODE_MB },
  };
  return new Promise((resolve) => {
    const worker = new Worker(decoder, { eval: true, workerData });
    const settle = (decoded: boolean) => {
      clearTimeout(limit);
      resolve(decoded);
      void worker.terminate();
    };
    const limit = setTimeout(() => settle(false), IMAGE_DECODE_TIME_LIMIT_MS);
    worker.once('message', (decoded: unknown) => settle(decoded === true));
    worker.once('error', () => settle(false));
    worker.once('exit', () => settle(false));
  });
}

/** Skips a GIF's data sub-blocks (each a length byte and that many bytes, ended by a zero length); -1 past the end. */
function afterSubBlocks(content: Buffer, at: number): number {
  while (at < content.length) {
    const size = content[at];
    at += 1 + size;
    if (size === 0) return at;
  }
  return -1;
}

/** A GIF: header, screen, colour tables, extensions and images block by block, and its trailer (0x3B) the last byte of the file. */
function isGif(content: Buffer): boolean {
  if (content.length < 14) return false;
  if (tooManyPixels(content.readUInt16LE(6), content.readUInt16LE(8))) return false;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(content[10]);
  let images = 0;
  while (at < content.length) {
    const block = content[at];
    if (block === 0x3b) return images > 0 && at === content.length - 1;
    if (block === 0x21) {
      // Extension: its label, then sub-blocks.
      at = afterSubBlocks(content, at + 2);
    } else if (block === 0x2c) {
      // Image: a 10-byte descriptor, a local colour table, the LZW code size, then sub-blocks.
      if (at + 10 > content.length) return false;
      at += 10 + colourTable(content[at + 9]);
      if (at >= content.length || content[at] < 2 || content[at] > 11) return false;
      at = afterSubBlocks(content, at + 1);
      images += 1;
    } else {
      return false;
    }
    if (at < 0) return false;
  }
  return false;
}

const END_OF_CHAIN = 0xfffffffe;

/**
 * A Word 97-2003 document: a compound file (MS-CFB) whose header holds together (byte
 * order, sector size, FAT) and whose directory, followed through the FAT, names a
 * `WordDocument` stream.
 */
function isWordDocument(content: Buffer): boolean {
  if (content.length < 512 || content.readUInt16LE(28) !== 0xfffe) return false;
  const major = content.readUInt16LE(26);
  const shift = content.readUInt16LE(30);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return false;
  const sectorSize = 2 ** shift;
  const sectors = Math.floor((content.length - sectorSize) / sectorSize) + (content.length % sectorSize ? 1 : 0);
  const sector = (index: number) => {
    if (index >= sectors) throw new Error('sector past the end of the file');
    return content.subarray((index + 1) * sectorSize, (index + 2) * sectorSize);
  };

  // The FAT's own sectors: the first 109 named in the header, the rest in the DIFAT chain.
  const fatSectorCount = content.readUInt32LE(44);
  if (fatSectorCount === 0 || fatSectorCount > sectors) return false;
  const fatSectors: number[] = [];
  for (let index = 0; index < Math.min(fatSectorCount, 109); index += 1) fatSectors.push(content.readUInt32LE(76 + 4 * index));
  let difat = content.readUInt32LE(68);
  for (let guard = 0; fatSectors.length < fatSectorCount; guard += 1) {
    if (difat === END_OF_CHAIN || guard > sectors) return false;
    const block = sector(difat);
    for (let index = 0; index < sectorSize / 4 - 1 && fatSectors.length < fatSectorCount; index += 1) fatSectors.push(block.readUInt32LE(4 * index));
    difat = block.readUInt32LE(sectorSize - 4);
  }
  const fat: number[] = [];
  for (const index of fatSectors) {
    const block = sector(index);
    for (let offset = 0; offset < sectorSize; offset += 4) fat.push(block.readUInt32LE(offset));
  }

  // The directory, sector by sector along its chain: the root entry first, then a stream named WordDocument.
  let directory = content.readUInt32LE(48);
  let rootSeen = false;
  for (let guard = 0; directory !== END_OF_CHAIN; guard += 1) {
    if (guard > sectors || directory >= fat.length) return false;
    const block = sector(directory);
    for (let offset = 0; offset + 128 <= sectorSize; offset += 128) {
      const nameBytes = block.readUInt16LE(offset + 64);
      const kind = block[offset + 66];
      if (nameBytes < 2 || nameBytes > 64) continue;
      const name = block.subarray(offset, offset + nameBytes - 2).toString('utf16le');
      if (!rootSeen) {
        if (kind !== 5) return false;
        rootSeen = true;
      } else if (kind === 2 && name === 'WordDocument') {
        return true;
      }
    }
    directory = fat[directory];
  }
  return false;
}

/**
 * A DOCX: a well-formed ZIP (its central directory read by fflate, its end record the last
 * bytes of the file) holding [Content_Types].xml and word/document.xml, which inflate to XML.
 */
function isDocx(content: Buffer): boolean {
  // The end-of-central-directory record (22 bytes and its comment) ends the file.
  const end = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > content.length || end + 22 + content.readUInt16LE(end + 20) !== content.length) return false;
  const wanted = new Set(['[Content_Types].xml', 'word/document.xml']);
  const files = unzipSync(content, { filter: (file) => wanted.has(file.name) && file.originalSize <= MAX_DOCX_PART_BYTES });
  return [...wanted].every((name) => files[name] !== undefined && /^\uFEFF?\s*</.test(Buffer.from(files[name].subarray(0, 64)).toString('utf8')));
}
