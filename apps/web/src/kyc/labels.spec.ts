import serverDe from '../api/locales/de.json';
import serverEs from '../api/locales/es.json';
import serverFr from '../api/locales/fr.json';
import { ApiError, serverText } from '../api/api-error';
import { i18n } from '../i18n/i18n';
import kycDe from './locales/de.json';
import kycEs from './locales/es.json';
import kycFr from './locales/fr.json';
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

  it('says an empty file the server refused (kyc_file_too_small) in the same words as the drop zone, in every language (spec 02 §5)', async () => {
    // As the API client builds it from the gateway's answer: the message read by its code in the language shown.
    const empty = () => new ApiError({ status: 400, message: serverText('kyc_file_too_small', 'File is smaller than 1 bytes'), code: 'kyc_file_too_small', fromServer: true });
    expect(uploadProblem(empty())).toBe('File is smaller than 1 bytes');
    // Unit tests load English only; these are the catalogues a customer's screen holds in the others.
    for (const [language, server, kyc] of [['es', serverEs, kycEs], ['fr', serverFr, kycFr], ['de', serverDe, kycDe]] as const) {
      i18n.addResourceBundle(language, 'server', server);
      i18n.addResourceBundle(language, 'kyc', kyc);
    }
    try {
      for (const language of ['en', 'es', 'fr', 'de']) {
        await i18n.changeLanguage(language);
        expect({ language, server: uploadProblem(empty()) }).toEqual({ language, server: dropZoneProblem({ name: 'empty.pdf', size: 0 }) });
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("gives any other refusal in the server's words, and nothing when no answer came", () => {
    expect(uploadProblem(new ApiError({ status: 400, message: FILE_TYPE_MESSAGE, code: 'invalid_kyc_file_type', fromServer: true }))).toBe(FILE_TYPE_MESSAGE);
    expect(uploadProblem(new ApiError({ status: 502, message: 'fallback', fromServer: false }))).toBeNull();
    expect(uploadProblem(new TypeError('network'))).toBeNull();
  });
});
