import { detectFileType, safeFileName } from './file-types';

describe('file types by content', () => {
  it('recognises PDF, JPEG and PNG by their first bytes', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('image/jpeg');
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('image/png');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectFileType(Buffer.from('MZ\x90\x00\x03'))).toBeNull();
    expect(detectFileType(Buffer.from('<html>'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps only a plain file name', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\docs\\id "card".pdf')).toBe('id card.pdf');
    expect(safeFileName('  ')).toBe('document');
  });

  it('accepts Word DOC and DOCX only for KYC documents, and a ZIP without word/ is not a DOCX', () => {
    const doc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml')]);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....payload.exe')]);
    expect(detectFileType(doc)).toBeNull();
    expect(detectFileType(doc, { office: true })).toBe('application/msword');
    expect(detectFileType(docx, { office: true, complete: true })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detectFileType(zip, { office: true, complete: true })).toBeNull();
  });
});
