import { isApiError, serverMessage } from '../api/api-error';
import { i18n } from '../i18n/i18n';
import { texts } from '../i18n/texts';
import type { KycDocumentStatus, KycDocumentType } from './kyc-api';

/** The upload center's tabs; their texts are `documentTypes.<type>` and `documentSlots.<type>` in the `kyc` catalogue. */
export const DOCUMENT_TYPES: KycDocumentType[] = ['partnership', 'tax', 'id'];

/** Read from the `kyc` catalogue when used, so they follow the language shown. */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<KycDocumentType, string>> = texts('kyc', DOCUMENT_TYPES, 'documentTypes');
export const DOCUMENT_STATUS_LABELS: Readonly<Record<KycDocumentStatus, string>> = texts('kyc', ['pending', 'approved', 'rejected'], 'documentStatuses');
export const KYC_STATUS_LABELS: Readonly<Record<string, string>> = texts('kyc', ['pending', 'verified', 'rejected'], 'kycStatuses');

export const DOCUMENT_STATUS_COLORS: Record<KycDocumentStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** Spec 02 §5: accepted types and size, with the drop-zone's messages. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'doc', 'docx'];
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_DROP = 10;
export const KycText = texts('kyc', ['fileType', 'uploadFailed', 'rejectionReasonRequired']);

/** Spec 02 §5's drop-zone message for a file over 10 MB: 'File is larger than 10485760 bytes'. */
const fileTooLarge = () => i18n.t('kyc:messages.fileTooLarge', { max: MAX_DOCUMENT_BYTES });

/** The drop zone's own check, mirroring the server's (which also checks the content). */
export function dropZoneProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !ACCEPTED_EXTENSIONS.includes(extension)) return KycText.fileType;
  if (file.size > MAX_DOCUMENT_BYTES) return fileTooLarge();
  if (file.size < 1) return i18n.t('kyc:messages.fileTooSmall', { min: 1 });
  return null;
}

/**
 * Why the server refused an upload of this screen: a file too large in the drop zone's
 * words (the gateway and kyc answer kyc_file_too_large for a KYC document), anything
 * else in the server's own words (null when none came back).
 */
export function uploadProblem(error: unknown): string | null {
  if (isApiError(error) && error.fromServer && (error.code === 'kyc_file_too_large' || error.code === 'file_too_large')) return fileTooLarge();
  return serverMessage(error);
}
