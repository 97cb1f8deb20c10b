/**
 * The document slots of each application form (spec 01 §2), in the form's order, and which
 * of them must hold a file before an application is submitted (issue 30): a draft may lack
 * any of them. An attached file fills the slot named by its upload purpose
 * (`application:id_document`); additional attachments fill no slot.
 *
 * The applications service checks it on submission; the forms before sending. Each words
 * the problems itself.
 */

export type ApplicationFormKind = 'personal' | 'corporate' | 'gipp';

export interface DocumentSlotRule {
  /** The slot's key: its files are uploaded with the purpose `application:<key>`. */
  readonly key: string;
  readonly required: boolean;
}

export const APPLICATION_DOCUMENT_SLOTS: Readonly<Record<ApplicationFormKind, readonly DocumentSlotRule[]>> = {
  personal: [
    { key: 'id_document', required: true },
    { key: 'utility_bill', required: false },
    { key: 'proof_of_income', required: false },
  ],
  corporate: [
    { key: 'certificate_of_incorporation', required: true },
    { key: 'director_id', required: true },
    { key: 'proof_of_address', required: false },
    { key: 'financial_statement', required: false },
    { key: 'company_tax_info', required: false },
  ],
  gipp: [
    { key: 'id_document', required: true },
    { key: 'proof_of_address', required: false },
    { key: 'proof_of_income', required: false },
    { key: 'company_documents', required: false },
    { key: 'business_plan', required: false },
    { key: 'partnership_letter', required: false },
    { key: 'facial_verification', required: false },
    { key: 'tax_documents', required: false },
    { key: 'financial_statement', required: false },
  ],
};

/** The upload purpose of an application document names its slot after this prefix. */
const SLOT_PURPOSE_PREFIX = 'application:';

/** The slot an attached file fills, from its upload purpose, or null (no purpose, another kind of file). */
export function documentSlotOf(purpose: string | null | undefined): string | null {
  if (typeof purpose !== 'string' || !purpose.startsWith(SLOT_PURPOSE_PREFIX)) return null;
  const slot = purpose.slice(SLOT_PURPOSE_PREFIX.length);
  return slot === '' ? null : slot;
}

/** The required slots of this form that none of the attached files fills, in the form's order. */
export function missingRequiredDocuments(kind: ApplicationFormKind, purposes: readonly (string | null | undefined)[]): string[] {
  const filled = new Set(purposes.map(documentSlotOf));
  return APPLICATION_DOCUMENT_SLOTS[kind].filter((slot) => slot.required && !filled.has(slot.key)).map((slot) => slot.key);
}
