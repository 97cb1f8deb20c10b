import { ApiError } from '../api/api-error';
import { dropZoneProblem, uploadProblem } from './labels';

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

describe("the upload center's words for a refused upload", () => {
  it('says a file the server found too large in the drop-zone wording of spec 02 §5', () => {
    const kyc = new ApiError({ status: 413, message: 'File is larger than 10485760 bytes', code: 'kyc_file_too_large', fromServer: true });
    const generic = new ApiError({ status: 413, message: 'File size must be less than 10MB', code: 'file_too_large', fromServer: true });
    expect(uploadProblem(kyc)).toBe('File is larger than 10485760 bytes');
    expect(uploadProblem(generic)).toBe('File is larger than 10485760 bytes');
  });

  it("gives any other refusal in the server's words, and nothing when no answer came", () => {
    expect(uploadProblem(new ApiError({ status: 400, message: FILE_TYPE_MESSAGE, code: 'invalid_kyc_file_type', fromServer: true }))).toBe(FILE_TYPE_MESSAGE);
    expect(uploadProblem(new ApiError({ status: 502, message: 'fallback', fromServer: false }))).toBeNull();
    expect(uploadProblem(new TypeError('network'))).toBeNull();
  });
});
