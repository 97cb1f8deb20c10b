import { zipSync } from 'fflate';
import { encode as encodeJpeg } from 'jpeg-js';
import PDFKit from 'pdfkit';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { FileMimeType } from '@portal/contracts';
import { sampleGif, sampleJpeg, samplePdf, samplePng } from '@portal/testing';
import { isWellFormed } from './file-structure';
import { detectFileType } from './file-types';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What the kyc service would store it as: the type its first bytes show, then the whole file checked against that type. */
async function storedAs(content: Buffer): Promise<FileMimeType | null> {
  const type = detectFileType(content, { office: true, gif: true, complete: true });
  return type && (await isWellFormed(content, type)) ? type : null;
}

/** A PDF as a word processor writes one (pdfkit, compressed streams). */
function pdfkitDocument(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFKit({ size: 'A5' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(14).text('Proof of address: 1 Example Street');
    document.end();
  });
}

async function pdfLibDocument(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 100]).drawText('Passport');
  return Buffer.from(await document.save());
}

function pngjsImage(width = 12, height = 9): Buffer {
  const png = new PNG({ width, height });
  for (let index = 0; index < width * height; index += 1) png.data.set([index % 255, 0x80, 0x40, 0xff], index * 4);
  return PNG.sync.write(png);
}

function jpegJsImage(width = 16, height = 16): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x90);
  return Buffer.from(encodeJpeg({ data, width, height }, 80).data);
}

function docx(entries: Record<string, string> = { '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/document.xml': '<?xml version="1.0"?><w:document/>' }): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, new TextEncoder().encode(text)]))));
}

/** A Word 97-2003 compound file (MS-CFB version 3): header, one FAT sector, one directory sector naming `stream`. */
function compoundFile(stream = 'WordDocument'): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // the directory in sector 1
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  header.fill(0xff, 76);
  header.writeUInt32LE(0, 76); // the FAT in sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  const directory = Buffer.alloc(512, 0);
  const entry = (index: number, name: string, kind: number, child: number) => {
    const at = index * 128;
    directory.write(`${name}\0`, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory[at + 66] = kind;
    directory[at + 67] = 1;
    directory.writeUInt32LE(0xffffffff, at + 68);
    directory.writeUInt32LE(0xffffffff, at + 72);
    directory.writeUInt32LE(child, at + 76);
    directory.writeUInt32LE(0xfffffffe, at + 116);
  };
  entry(0, 'Root Entry', 5, 1);
  entry(1, stream, 2, 0xffffffff);
  return Buffer.concat([header, fat, directory]);
}

const html = Buffer.from('<html><body><script>fetch("/api/v1/me").then((r) => r.text()).then(alert)</script></body></html>\n');

describe('files are what they claim to be, read whole', () => {
  it('takes genuine PDFs: as pdfkit and pdf-lib write them, and the shared test sample at any size', async () => {
    expect(await storedAs(await pdfkitDocument())).toBe('application/pdf');
    expect(await storedAs(await pdfLibDocument())).toBe('application/pdf');
    expect(await storedAs(samplePdf())).toBe('application/pdf');
    const padded = samplePdf({ size: 300_000 });
    expect(padded.length).toBe(300_000);
    expect(await storedAs(padded)).toBe('application/pdf');
    // White space after %%EOF, as some scanners leave, is still the same document.
    expect(await storedAs(Buffer.concat([samplePdf(), Buffer.from('\r\n\0\0  ')]))).toBe('application/pdf');
  });

  it('refuses a PDF with anything after its last %%EOF: a ZIP, HTML', async () => {
    const pdf = await pdfkitDocument();
    expect(await storedAs(Buffer.concat([pdf, docx()]))).toBeNull();
    expect(await storedAs(Buffer.concat([pdf, html]))).toBeNull();
    expect(await storedAs(Buffer.concat([samplePdf(), Buffer.from('%%EOF'), html]))).toBeNull();
  });

  it('refuses %PDF- followed by HTML and script, with or without a PDF after it', async () => {
    expect(await storedAs(Buffer.concat([Buffer.from('%PDF-1.4\n'), html]))).toBeNull();
    expect(await storedAs(Buffer.concat([Buffer.from('%PDF-1.4\n'), html, Buffer.from('%%EOF\n')]))).toBeNull();
    // A real PDF's objects behind the script: pdf-lib alone would skip the HTML as jibberish.
    const pdf = samplePdf();
    expect(await storedAs(Buffer.concat([pdf.subarray(0, 9), html, pdf.subarray(9)]))).toBeNull();
  });

  it('refuses a PDF that does not parse or has no page: magic bytes and filler, a truncated file, an empty catalogue', async () => {
    expect(await storedAs(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000, 0x41)]))).toBeNull();
    const pdf = await pdfkitDocument();
    expect(await storedAs(Buffer.concat([pdf.subarray(0, Math.floor(pdf.length / 2)), Buffer.from('\n%%EOF\n')]))).toBeNull();
    expect(await storedAs(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'))).toBeNull();
  });

  it('takes genuine PNGs (pngjs, the shared sample at any size) and refuses one followed by HTML, a corrupt one and magic bytes with filler', async () => {
    const png = pngjsImage();
    expect(await storedAs(png)).toBe('image/png');
    expect(await storedAs(samplePng())).toBe('image/png');
    expect(samplePng({ size: 100_000 }).length).toBe(100_000);
    expect(await storedAs(samplePng({ size: 100_000 }))).toBe('image/png');

    expect(await storedAs(Buffer.concat([png, html]))).toBeNull();
    const corrupt = Buffer.from(png);
    corrupt[png.indexOf('IDAT') + 8] ^= 0xff;
    expect(await storedAs(corrupt)).toBeNull();
    expect(await storedAs(Buffer.concat([png.subarray(0, 8), Buffer.alloc(600)]))).toBeNull();
    expect(await storedAs(png.subarray(0, png.length - 12))).toBeNull();
  });

  it('refuses a PNG that claims more pixels than any camera takes, without decoding it', async () => {
    const header = samplePng({ width: 1, height: 1 });
    // IHDR says 100,000 × 100,000 (40 GB decoded); its CRC does not matter, the size is refused first.
    header.writeUInt32BE(100_000, 16);
    header.writeUInt32BE(100_000, 20);
    expect(await storedAs(header)).toBeNull();
  });

  it('takes genuine JPEGs (jpeg-js, the shared sample at any size) and refuses one followed by HTML, even HTML that ends in an EOI marker', async () => {
    const jpeg = jpegJsImage();
    expect(await storedAs(jpeg)).toBe('image/jpeg');
    expect(await storedAs(sampleJpeg())).toBe('image/jpeg');
    expect(sampleJpeg({ size: 200_000 }).length).toBe(200_000);
    expect(await storedAs(sampleJpeg({ size: 200_000 }))).toBe('image/jpeg');

    expect(await storedAs(Buffer.concat([jpeg, html]))).toBeNull();
    expect(await storedAs(Buffer.concat([jpeg, html, Buffer.from([0xff, 0xd9])]))).toBeNull();
    expect(await storedAs(Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(4_000, 0x11)]))).toBeNull();
    expect(await storedAs(jpeg.subarray(0, jpeg.length - 20))).toBeNull();
  });

  it('takes a genuine GIF and refuses one with anything after its trailer', async () => {
    expect(await storedAs(sampleGif())).toBe('image/gif');
    expect(await storedAs(Buffer.concat([sampleGif(), html]))).toBeNull();
    expect(await storedAs(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200)]))).toBeNull();
  });

  it('takes a DOCX (a ZIP with word/document.xml) and refuses a ZIP without it, or with anything after its end', async () => {
    expect(await storedAs(docx())).toBe(DOCX);
    expect(await storedAs(docx({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/payload.exe': 'MZ' }))).toBeNull();
    expect(await storedAs(Buffer.concat([docx(), html]))).toBeNull();
    const broken = docx();
    broken.fill(0x41, 40, 80);
    expect(await storedAs(broken)).toBeNull();
  });

  it('takes a Word 97-2003 document (a compound file with a WordDocument stream) and refuses one without it', async () => {
    expect(await storedAs(compoundFile())).toBe('application/msword');
    expect(await storedAs(compoundFile('Workbook'))).toBeNull();
    expect(await storedAs(Buffer.concat([compoundFile().subarray(0, 8), Buffer.alloc(2_000)]))).toBeNull();
  });
});
