import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import * as contracts from './application-documents';

type ApplicationDocuments = typeof contracts;

const SERVER_COPY = join(__dirname, 'application-documents.ts');
const WEB_COPY = join(__dirname, '../../../../apps/web/src/applications/application-documents.ts');

/** The forms' copy of the rule, compiled and run as it is (the web app cannot import the contracts). */
function webCopy(): ApplicationDocuments {
  const { outputText } = ts.transpileModule(readFileSync(WEB_COPY, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} as ApplicationDocuments };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports;
}

describe('the documents an application must hold when submitted (issue 30)', () => {
  it('has one rule: the web forms’ copy is this file, character for character', () => {
    expect(readFileSync(WEB_COPY, 'utf8')).toBe(readFileSync(SERVER_COPY, 'utf8'));
  });

  describe.each([
    ['the server', () => contracts],
    ['the web forms', webCopy],
  ])('as %s checks them', (_side, load: () => ApplicationDocuments) => {
    const rules = load();

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
});
