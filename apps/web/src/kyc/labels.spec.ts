import { dropZoneProblem } from './labels';

const FILE_TYPE_MESSAGE = 'File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX';

describe('the document drop zone', () => {
  it('accepts the spec types up to 10 MB', () => {
    for (const name of ['id.pdf', 'tax.PNG', 'a.jpg', 'b.jpeg', 'c.doc', 'd.docx']) expect(dropZoneProblem({ name, size: 1000 })).toBeNull();
  });

  it('refuses other types, files over 10 MB and empty files with the drop-zone messages', () => {
    expect(dropZoneProblem({ name: 'setup.exe', size: 10 })).toBe(FILE_TYPE_MESSAGE);
    expect(dropZoneProblem({ name: 'noextension', size: 10 })).toBe(FILE_TYPE_MESSAGE);
    expect(dropZoneProblem({ name: 'big.pdf', size: 11 * 1024 * 1024 })).toBe('File is larger than 10485760 bytes');
    expect(dropZoneProblem({ name: 'empty.pdf', size: 0 })).toBe('File is smaller than 1 bytes');
  });
});
