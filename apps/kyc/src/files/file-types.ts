import { FileMimeType } from '@portal/contracts';

const OLE_COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The type a file's first bytes show (PDF, JPEG, PNG; with `office`, also Word DOC and
 * DOCX; with `gif`, also GIF), or null for anything else: a renamed .exe is null. A DOCX is a ZIP: its first
 * part only shows the ZIP header, so `complete` (the whole file) must also name a word/ entry.
 */
export function detectFileType(head: Buffer, options: { office?: boolean; complete?: boolean; gif?: boolean } = {}): FileMimeType | null {
  if (options.gif && head.length >= 6 && ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (!options.office) return null;
  if (head.length >= 8 && head.subarray(0, 8).equals(OLE_COMPOUND)) return 'application/msword';
  if (head.length >= 4 && head.subarray(0, 4).equals(ZIP_LOCAL_HEADER) && (!options.complete || head.includes('word/', 0, 'latin1'))) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return null;
}

/** The name as shown and sent back in Content-Disposition: no path, no control or quote characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim().slice(0, 255);
  return cleaned || 'document';
}
