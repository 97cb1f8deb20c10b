import type { KycDocumentStatus, KycDocumentType } from './kyc-api';

export const DOCUMENT_TYPES: { type: KycDocumentType; tab: string; title: string; hint: string }[] = [
  { type: 'partnership', tab: 'Partnership', title: 'Document 1', hint: 'Should include official partnership details, signatures and letterhead.' },
  { type: 'tax', tab: 'Tax', title: 'Document 2', hint: 'Must show personal information clearly and be from the current tax year.' },
  { type: 'id', tab: 'ID', title: 'Document 3', hint: 'Must be a government-issued ID with clear photo.' },
];

export const DOCUMENT_TYPE_LABELS: Record<KycDocumentType, string> = { partnership: 'Partnership', tax: 'Tax', id: 'ID' };

export const DOCUMENT_STATUS_COLORS: Record<KycDocumentStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** Spec 02 §5: accepted types and size, with the drop-zone's messages. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'doc', 'docx'];
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_DROP = 10;
export const FILE_TYPE_MESSAGE = 'File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX';
export const UPLOAD_FAILED_MESSAGE = 'Upload failed. Please try uploading the document again. If the problem persists, contact support.';

/** The drop zone's own check, mirroring the server's (which also checks the content). */
export function dropZoneProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !ACCEPTED_EXTENSIONS.includes(extension)) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_DOCUMENT_BYTES) return `File is larger than ${MAX_DOCUMENT_BYTES} bytes`;
  if (file.size < 1) return 'File is smaller than 1 bytes';
  return null;
}
