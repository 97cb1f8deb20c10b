import * as rules from './application-documents';

describe('the documents an application must hold when submitted (issue 30)', () => {
  it('requires an ID on every form, and the certificate of incorporation on the corporate one', () => {
    expect(rules.missingRequiredDocuments('personal', [])).toEqual(['id_document']);
    expect(rules.missingRequiredDocuments('gipp', [])).toEqual(['id_document']);
    expect(rules.missingRequiredDocuments('corporate', [])).toEqual(['certificate_of_incorporation', 'director_id']);
  });

  it('counts a file for the slot its upload purpose names, and additional attachments or other files for none', () => {
    expect(rules.missingRequiredDocuments('personal', ['application:id_document'])).toEqual([]);
    expect(rules.missingRequiredDocuments('personal', ['application:additional', 'application:utility_bill', null, 'kyc:id_document', 'id_document'])).toEqual(['id_document']);
    expect(rules.missingRequiredDocuments('corporate', ['application:director_id'])).toEqual(['certificate_of_incorporation']);
    expect(rules.missingRequiredDocuments('corporate', ['application:director_id', 'application:certificate_of_incorporation'])).toEqual([]);
  });

  it('names each slot of a form once and requires an ID document on each form', () => {
    for (const kind of ['personal', 'corporate', 'gipp'] as const) {
      const keys = rules.APPLICATION_DOCUMENT_SLOTS[kind].map((slot) => slot.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(rules.APPLICATION_DOCUMENT_SLOTS[kind].some((slot) => slot.required && /(^|_)id(_|$)/.test(slot.key))).toBe(true);
    }
  });
});
