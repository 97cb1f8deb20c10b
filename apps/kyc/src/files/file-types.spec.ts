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
});
