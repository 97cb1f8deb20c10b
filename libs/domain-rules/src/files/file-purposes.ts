import { APPLICATION_DOCUMENT_SLOTS } from '../applications/application-documents';

/**
 * What an uploaded file is for, given with it (POST /api/v1/files): it decides the types the
 * file may have, who besides its owner may read it, and where it may be used. A file
 * uploaded for one thing is not accepted for another (an application takes only
 * `application:` files, the Document Upload Center only its own `kyc:` ones).
 */

/** Account Settings' profile photo. */
export const PROFILE_PHOTO_PURPOSE = 'profile_photo';
/** A KYC upload: `kyc:<document type>` for the Document Upload Center, or a biometric still. */
export const KYC_FILE_PURPOSE_PREFIX = 'kyc:';
/** An application's document: `application:<slot>` (application-documents.ts), or `application:additional`. */
export const APPLICATION_FILE_PURPOSE_PREFIX = 'application:';
/** The Document Upload Center's three tabs (spec 02 §2). */
export const KYC_DOCUMENT_TYPES = ['partnership', 'tax', 'id'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
/** A camera still of the biometric check: a KYC upload, but not a document. */
export const BIOMETRIC_FILE_PURPOSE = 'kyc:biometric';
/** Files attached to an application beyond its form's slots. */
export const ADDITIONAL_APPLICATION_DOCUMENT = 'additional';

/** Every purpose a file may be uploaded with. */
export const FILE_PURPOSES: readonly string[] = [
  ...new Set([
    PROFILE_PHOTO_PURPOSE,
    ...KYC_DOCUMENT_TYPES.map((type) => `${KYC_FILE_PURPOSE_PREFIX}${type}`),
    BIOMETRIC_FILE_PURPOSE,
    ...Object.values(APPLICATION_DOCUMENT_SLOTS).flatMap((slots) => slots.map((slot) => `${APPLICATION_FILE_PURPOSE_PREFIX}${slot.key}`)),
    `${APPLICATION_FILE_PURPOSE_PREFIX}${ADDITIONAL_APPLICATION_DOCUMENT}`,
  ]),
];

export function isFilePurpose(value: unknown): value is string {
  return typeof value === 'string' && FILE_PURPOSES.includes(value);
}

/** A file the Document Upload Center may take as a document. */
export function isKycDocumentPurpose(purpose: string | null | undefined): boolean {
  return !!purpose && purpose.startsWith(KYC_FILE_PURPOSE_PREFIX) && purpose !== BIOMETRIC_FILE_PURPOSE;
}
