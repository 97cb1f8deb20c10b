import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApplicationBody, ApplicationView } from '@portal/api-client';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { plainNameRule } from '../ui/name-rule';
import { usePublicSettings } from '../settings/use-public-settings';
import { formatMoney } from '../ui/number-format';
import { APPLICATION_DOCUMENT_SLOTS, missingRequiredDocuments } from '@portal/domain-rules';
import { applicationsApi, type ApplicationType } from './applications-api';
import { DocumentSlots, documentIdsOf, emptyDocuments, type DocumentsState } from './DocumentSlots';
import { applicationKeys } from './query-keys';

const SANITISE = /[<>"']/g;

/** Spec 01 §5, mirrored here; the server applies it again. */
export function sanitise(text: unknown): string | undefined {
  // A reopened draft leaves null in the fields it never had.
  if (typeof text !== 'string') return undefined;
  const cleaned = text.replace(SANITISE, '').trim().slice(0, 1000);
  return cleaned === '' ? undefined : cleaned;
}

/** Spec 01 §5: annual income is numeric, at least 0, in steps of 1000 (InputNumber's step only sets the arrows). The server checks it again. */
export const ANNUAL_INCOME_STEP = 1000;

/** The key of the message for an annual income the server would refuse, or null (an empty value is the required rule's). */
export function annualIncomeProblem(value: number | null | undefined): 'form.annualIncomeInvalid' | 'form.annualIncomeSteps' | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0) return 'form.annualIncomeInvalid';
  if (value % ANNUAL_INCOME_STEP !== 0) return 'form.annualIncomeSteps';
  return null;
}

/** Spec 01 §5: at least 1000 in steps of 100 (personal, corporate); any positive amount (GIPP). The server checks it again. */
export const MINIMUM_INVESTMENT = 1000;
export const INVESTMENT_STEP = 100;
/** The largest amount the gateway takes: 13 whole digits and cents. */
export const MAXIMUM_INVESTMENT = 9_999_999_999_999.99;

export type InvestmentAmountProblem = 'form.minimumAmount' | 'form.amountSteps' | 'form.maximumAmount' | 'form.invalidAmount';

/**
 * The key of the message for an amount the server would refuse, or null (an empty value is
 * the required rule's). The field keeps what was typed: InputNumber's min and max would
 * silently replace it on leaving the field (issue 30), so the range is told, not imposed.
 */
export function investmentAmountProblem(value: number | null | undefined, type: ApplicationType): InvestmentAmountProblem | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value)) return 'form.invalidAmount';
  const cents = Math.round(value * 100);
  if (type === 'gipp') {
    if (value <= 0 || Math.abs(cents - value * 100) > 1e-6) return 'form.invalidAmount';
  } else {
    if (value < MINIMUM_INVESTMENT) return 'form.minimumAmount';
    if (cents % (INVESTMENT_STEP * 100) !== 0 || Math.abs(cents - value * 100) > 1e-6) return 'form.amountSteps';
  }
  if (value > MAXIMUM_INVESTMENT) return 'form.maximumAmount';
  return null;
}

/** Slots whose label GIPP words differently (catalogue key in `slots`). */
const GIPP_SLOT_TEXTS: Readonly<Record<string, string>> = { id_document: 'gipp_id_document', proof_of_income: 'gipp_proof_of_income', financial_statement: 'gipp_financial_statement' };

/** Each form's document slots (application-documents.ts: the purpose sent to the server and whether it is required), labelled. */
function slotLabels(t: TFunction<'applications'>, type: ApplicationType): { key: string; label: string; required: boolean }[] {
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

function Declaration() {
  const { t } = useTranslation('applications');
  return (
    <Form.Item
      name="declaration"
      valuePropName="checked"
      rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('form.acceptDeclaration')))) }]}
    >
      <Checkbox>
        <Typography.Text>{t('form.declaration')}</Typography.Text>
      </Checkbox>
    </Form.Item>
  );
}

/** The forms' rules and duration options, in the language shown. */
function useFormTexts() {
  const { t } = useTranslation('applications');
  const required = (label: string) => [{ required: true, message: t('form.fieldRequired', { label }) }];
  const amountRules = (label: string, type: ApplicationType) => [
    ...required(label),
    {
      validator: (_: unknown, value: number | null) => {
        const problem = investmentAmountProblem(value, type);
        return problem ? Promise.reject(new Error(t(problem, { amount: formatMoney(MAXIMUM_INVESTMENT) }))) : Promise.resolve();
      },
    },
  ];
  const annualIncomeRules = (label: string) => [
    ...required(label),
    {
      validator: (_: unknown, value: number | null) => {
        const problem = annualIncomeProblem(value);
        return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
      },
    },
  ];
  const durationOptions = (months: number[] | undefined) => (months ?? []).map((value) => ({ value, label: t('common.months', { count: value }) }));
  return { t, required, amountRules, annualIncomeRules, durationOptions };
}

interface FormProps {
  /** A draft being continued, or null for a new application. */
  draft: ApplicationView | null;
  onDone: () => void;
}

/**
 * What each form keeps beside its fields: the documents, the draft it changes (the one
 * continued, or the one its first Save Draft created) and the required documents' messages.
 */
function useApplicationForm(type: ApplicationType, form: FormInstance, draft: ApplicationView | null, onDone: () => void) {
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

export function PersonalApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
  const { t, required, amountRules, annualIncomeRules, durationOptions } = useFormTexts();
  const settings = usePublicSettings();
  const { documents, setDocuments, documentProblems, checkDocuments, submission, submit } = useApplicationForm('personal', form, draft, onDone);
  useEffect(() => {
    if (draft?.applicationType !== 'personal') return;
    form.setFieldsValue({ fullName: draft.fullName, investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined, investmentDuration: draft.investmentDuration, ...draft.applicationData });
  }, [draft, form]);

  const finish = (values: Record<string, unknown>) =>
    submit({
      applicationType: 'personal',
      fullName: sanitise(values.fullName as string),
      investmentAmount: values.investmentAmount as number,
      investmentDuration: values.investmentDuration as number,
      applicationData: {
        address: sanitise(values.address as string),
        employment: sanitise(values.employment as string),
        annualIncome: values.annualIncome,
        investmentPurpose: sanitise(values.investmentPurpose as string),
        declaration: values.declaration === true,
      },
      documentIds: documentIdsOf(documents),
      draft: false,
    });

  return (
    <Form form={form} name="personalApplication" layout="vertical" onFinish={finish} onFinishFailed={checkDocuments} aria-label={t('form.personalForm')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.fullName')} name="fullName" rules={[...required(t('form.fullName')), plainNameRule]}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.employment')} name="employment" rules={required(t('form.employment'))}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.address')} name="address" rules={required(t('form.address'))}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentAmountUsd')} name="investmentAmount" rules={amountRules(t('form.investmentAmount'), 'personal')}>
            <InputNumber step={INVESTMENT_STEP} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentDuration')} name="investmentDuration" rules={required(t('form.investmentDuration'))}>
            <Select options={durationOptions(settings.data?.personalDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.annualIncomeUsd')} name="annualIncome" rules={annualIncomeRules(t('form.annualIncome'))}>
            <InputNumber step={ANNUAL_INCOME_STEP} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.investmentPurpose')} name="investmentPurpose" rules={required(t('form.investmentPurpose'))}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, 'personal')} value={documents} onChange={setDocuments} problems={documentProblems} />
      <Divider />
      <Declaration />
      <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
        {submission.isPending ? t('form.submitting') : t('form.submitPersonal')}
      </Button>
    </Form>
  );
}

export function CorporateApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
  const { t, required, amountRules, durationOptions } = useFormTexts();
  const settings = usePublicSettings();
  const { documents, setDocuments, draftId, documentProblems, checkDocuments, submission, submit } = useApplicationForm('corporate', form, draft, onDone);
  useEffect(() => {
    if (draft?.applicationType !== 'corporate') return;
    form.setFieldsValue({
      companyName: draft.companyName,
      companyRegistration: draft.companyRegistration,
      investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined,
      investmentDuration: draft.investmentDuration,
      ...draft.applicationData,
    });
  }, [draft, form]);

  const body = (values: Record<string, unknown>, asDraft: boolean): ApplicationBody => ({
    applicationType: 'corporate',
    companyName: sanitise(values.companyName as string),
    companyRegistration: sanitise(values.companyRegistration as string),
    investmentAmount: (values.investmentAmount as number | undefined) ?? undefined,
    investmentDuration: (values.investmentDuration as number | undefined) ?? undefined,
    applicationData: {
      countryOfOperation: sanitise(values.countryOfOperation as string),
      directorsName: sanitise(values.directorsName as string),
      companyStructure: values.companyStructure,
      declaration: values.declaration === true,
    },
    documentIds: documentIdsOf(documents),
    draft: asDraft,
  });
  // A draft keeps what is there, complete or not, and needs no documents yet.
  const saveDraft = () => submission.mutate({ draftId, body: body(form.getFieldsValue(), true) });

  return (
    <Form
      form={form}
      name="corporateApplication"
      layout="vertical"
      onFinish={(values) => submit(body(values, false))}
      onFinishFailed={checkDocuments}
      aria-label={t('form.corporateForm')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.companyName')} name="companyName" rules={[...required(t('form.companyName')), plainNameRule]}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.companyRegistration')} name="companyRegistration">
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.countryOfOperation')} name="countryOfOperation" rules={required(t('form.countryOfOperation'))}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.directorsName')} name="directorsName" rules={[...required(t('form.directorsName')), plainNameRule]}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.companyStructure')} name="companyStructure" rules={required(t('form.companyStructure'))}>
            <Select options={(settings.data?.corporateStructures ?? []).map((value) => ({ value, label: value }))} loading={settings.isLoading} placeholder={t('form.selectStructure')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentAmountUsd')} name="investmentAmount" rules={amountRules(t('form.investmentAmount'), 'corporate')}>
            <InputNumber step={INVESTMENT_STEP} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentDuration')} name="investmentDuration" rules={required(t('form.investmentDuration'))}>
            <Select options={durationOptions(settings.data?.corporateDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, 'corporate')} value={documents} onChange={setDocuments} problems={documentProblems} />
      <Divider />
      <Declaration />
      <Space>
        <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
          {submission.isPending ? t('form.submitting') : t('form.submitCorporate')}
        </Button>
        <Button onClick={saveDraft} disabled={submission.isPending}>
          {t('form.saveDraft')}
        </Button>
      </Space>
    </Form>
  );
}

export function GippApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
  const { t, required, amountRules, durationOptions } = useFormTexts();
  const settings = usePublicSettings();
  const { notification } = useFeedback();
  const { documents, setDocuments, documentProblems, checkDocuments, submission, submit } = useApplicationForm('gipp', form, draft, onDone);
  useEffect(() => {
    if (draft?.applicationType !== 'gipp') return;
    form.setFieldsValue({ ...draft, investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined, declaration: draft.applicationData.declaration === true });
  }, [draft, form]);

  const finish = (values: Record<string, unknown>) =>
    submit({
      applicationType: 'gipp',
      fullName: sanitise(values.fullName as string),
      email: sanitise(values.email as string),
      phone: sanitise(values.phone as string),
      investmentCategory: values.investmentCategory as string | undefined,
      companyName: sanitise(values.companyName as string),
      companyRegistration: sanitise(values.companyRegistration as string),
      investmentAmount: values.investmentAmount as number,
      investmentDuration: (values.investmentDuration as number | undefined) ?? undefined,
      applicationData: { declaration: values.declaration === true },
      documentIds: documentIdsOf(documents),
      draft: false,
    });

  return (
    <Form
      form={form}
      name="gippApplication"
      layout="vertical"
      onFinish={finish}
      onFinishFailed={() => {
        checkDocuments();
        notification.error({ title: t('messages.validationErrorTitle'), description: t('form.requiredFields') });
      }}
      aria-label={t('form.gippForm')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.fullName')} name="fullName" rules={[...required(t('form.fullName')), plainNameRule]}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.email')} name="email" rules={[...required(t('form.email')), { type: 'email', message: t('form.invalidEmail') }]}>
            <Input maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.phone')} name="phone">
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.investmentCategory')} name="investmentCategory">
            <Select allowClear options={(settings.data?.investmentCategories ?? []).map((value) => ({ value, label: value }))} loading={settings.isLoading} placeholder={t('form.selectCategory')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.companyName')} name="companyName" rules={[plainNameRule]}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.companyRegistration')} name="companyRegistration">
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('form.investmentAmountUsd')}
            name="investmentAmount"
            rules={amountRules(t('form.investmentAmount'), 'gipp')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.investmentDurationOptional')} name="investmentDuration">
            <Select allowClear options={durationOptions(settings.data?.gippDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, 'gipp')} value={documents} onChange={setDocuments} problems={documentProblems} />
      <Divider />
      <Declaration />
      <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
        {submission.isPending ? t('form.submitting') : t('form.submitGipp')}
      </Button>
    </Form>
  );
}
