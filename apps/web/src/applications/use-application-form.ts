import type { FormInstance } from 'antd/es/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApplicationBody, ApplicationView } from '@portal/api-client';
import { APPLICATION_DOCUMENT_SLOTS, missingRequiredDocuments } from '@portal/domain-rules';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { applicationsApi, type ApplicationType } from './applications-api';
import { emptyDocuments, type DocumentsState } from './DocumentSlots';
import { applicationKeys } from './query-keys';

/** Slots whose label GIPP words differently (catalogue key in `slots`). */
const GIPP_SLOT_TEXTS: Readonly<Record<string, string>> = { id_document: 'gipp_id_document', proof_of_income: 'gipp_proof_of_income', financial_statement: 'gipp_financial_statement' };

/** Each form's document slots (application-documents.ts: the purpose sent to the server and whether it is required), labelled. */
export function slotLabels(t: TFunction<'applications'>, type: ApplicationType): { key: string; label: string; required: boolean }[] {
  return APPLICATION_DOCUMENT_SLOTS[type].map((slot) => ({
    key: slot.key,
    label: t(`slots.${(type === 'gipp' ? GIPP_SLOT_TEXTS[slot.key] : undefined) ?? slot.key}`),
    required: slot.required,
  }));
}

/** The upload purposes of the documents attached in the named slots. */
function slotPurposes(documents: DocumentsState): string[] {
  return Object.entries(documents.slots)
    .filter(([, document]) => !!document)
    .map(([slot]) => `application:${slot}`);
}

const DOCUMENT_FIELD = /^documents\.(.+)$/;

/**
 * The required documents (application-documents.ts, the server's rule): checked with the
 * fields on submit, a slot's message shown at the slot until a file fills it. The server's
 * own refusal (details `documents.<slot>`) is shown the same way.
 */
function useRequiredDocuments(type: ApplicationType, documents: DocumentsState) {
  const { t } = useTranslation('applications');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const check = (): boolean => {
    const missing = missingRequiredDocuments(type, slotPurposes(documents));
    setProblems(Object.fromEntries(missing.map((slot) => [slot, t(`documents.missing.${slot}`, { defaultValue: t('documents.missingDocument') })])));
    return missing.length === 0;
  };
  const fromServer = (details: { field: string; message: string }[]) =>
    setProblems(Object.fromEntries(details.flatMap((detail) => {
      const slot = DOCUMENT_FIELD.exec(detail.field)?.[1];
      return slot ? [[slot, detail.message]] : [];
    })));
  // A file chosen since clears its slot's message.
  const shown = Object.fromEntries(Object.entries(problems).filter(([slot]) => !documents.slots[slot]));
  return { problems: shown, check, fromServer, clear: () => setProblems({}) };
}

/** Field names in the server's details (applicationData.address) to the form's (address). */
function formField(field: string): string {
  return field.replace(/^applicationData\./, '');
}

function documentsFromDraft(draft: ApplicationView | null): DocumentsState {
  const state = emptyDocuments();
  if (!draft) return state;
  const additional = [];
  for (const document of draft.documents) {
    const slot = (document.purpose ?? '').replace(/^application:/, '');
    const uploaded = { fileId: document.fileId, name: document.name, size: document.size };
    if (slot && slot !== 'additional' && !state.slots[slot]) state.slots[slot] = uploaded;
    else additional.push(uploaded);
  }
  if (additional.length > 0) state.additional = additional;
  return state;
}

interface SubmissionCallbacks {
  /** Submitted: the form empties (spec 01 §2). */
  onSubmitted: () => void;
  /** Saved as a draft: the form stays as it is, later saves change this draft. */
  onDraftSaved: (saved: ApplicationView) => void;
  /** The server's details about documents (`documents.<slot>`), shown at their slots. */
  onDocumentProblems: (details: { field: string; message: string }[]) => void;
}

/** Submits (or saves as a draft), shows the spec's toasts, puts server field problems on the fields. */
function useApplicationSubmission(type: ApplicationType, form: FormInstance, callbacks: SubmissionCallbacks) {
  const { t } = useTranslation('applications');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, draftId }: { body: ApplicationBody; draftId: string | null }) =>
      draftId ? applicationsApi.updateDraft(draftId, body) : applicationsApi.submit(body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      if (saved.status === 'draft') {
        notification.success({ title: t('messages.draftSavedTitle'), description: t('messages.draftSaved') });
        callbacks.onDraftSaved(saved);
        return;
      }
      // Spec 01 §8 success toasts, per form.
      notification.success({ title: t(`messages.${type}SubmittedTitle`), description: t(`messages.${type}Submitted`) });
      callbacks.onSubmitted();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        notification.error({ title: t('messages.submissionErrorTitle'), description: t('messages.unexpected') });
        return;
      }
      const documentDetails = error.details.filter((detail) => DOCUMENT_FIELD.test(detail.field));
      const fieldDetails = error.details.filter((detail) => !DOCUMENT_FIELD.test(detail.field));
      if (documentDetails.length > 0) callbacks.onDocumentProblems(documentDetails);
      if (fieldDetails.length > 0) {
        form.setFields(fieldDetails.map((detail) => ({ name: formField(detail.field), errors: [detail.message] })));
      }
      const fallback = type === 'gipp' ? t('messages.gippSubmitFailed') : t('messages.submitFailed');
      notification.error({ title: t('messages.submissionFailedTitle'), description: serverMessage(error) ?? fallback });
    },
  });
}

/**
 * What each form keeps beside its fields: the documents, the draft it changes (the one
 * continued, or the one its first Save Draft created) and the required documents' messages.
 */
export function useApplicationForm(type: ApplicationType, form: FormInstance, draft: ApplicationView | null, onDone: () => void) {
  const [documents, setDocuments] = useState<DocumentsState>(emptyDocuments);
  const [draftId, setDraftId] = useState<string | null>(null);
  const required = useRequiredDocuments(type, documents);
  const submission = useApplicationSubmission(type, form, {
    onSubmitted: () => {
      form.resetFields();
      setDocuments(emptyDocuments());
      setDraftId(null);
      required.clear();
      onDone();
    },
    onDraftSaved: (saved) => setDraftId(saved.id),
    onDocumentProblems: required.fromServer,
  });
  useEffect(() => {
    if (draft?.applicationType !== type) return;
    setDocuments(documentsFromDraft(draft));
    setDraftId(draft.id);
  }, [draft, type]);
  /** Submits when the required documents are there too; the fields' own rules have passed. */
  const submit = (body: ApplicationBody) => {
    if (!required.check()) return;
    submission.mutate({ draftId, body });
  };
  return { documents, setDocuments, draftId, documentProblems: required.problems, checkDocuments: required.check, submission, submit };
}
