import { APPLICATION_DOCUMENT_SLOTS } from '../applications/application-documents';
import { FILE_PURPOSES, isFilePurpose, isKycDocumentPurpose } from './file-purposes';

describe('the purposes a file is uploaded with', () => {
  it('are the profile photo, each KYC document type and the biometric still, and each slot of each application form plus additional files', () => {
    const slots = Object.values(APPLICATION_DOCUMENT_SLOTS).flatMap((form) => form.map((slot) => `application:${slot.key}`));
    expect([...FILE_PURPOSES].sort()).toEqual([...new Set(['profile_photo', 'kyc:partnership', 'kyc:tax', 'kyc:id', 'kyc:biometric', ...slots, 'application:additional'])].sort());
  });

  it.each(['profile_photo', 'kyc:id', 'application:director_id', 'application:additional'])('knows %s', (purpose) => expect(isFilePurpose(purpose)).toBe(true));
  it.each(['kyc:passport', 'application:', 'application', 'kyc:', '', 'x', 'PROFILE_PHOTO', null, 7])('does not know %j', (purpose) => expect(isFilePurpose(purpose)).toBe(false));

  it('takes only the Document Upload Center’s own uploads as KYC documents, not a biometric still', () => {
    expect(['kyc:id', 'kyc:tax', 'kyc:partnership'].every(isKycDocumentPurpose)).toBe(true);
    expect([BIOMETRIC, 'application:id_document', 'profile_photo', null, undefined].some(isKycDocumentPurpose)).toBe(false);
  });
});

const BIOMETRIC = 'kyc:biometric';
