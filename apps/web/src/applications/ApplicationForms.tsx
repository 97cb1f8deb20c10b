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
import { usePublicSettings } from '../settings/use-public-settings';
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

/** Each form's document slots: the purpose sent to the server and the label's key in `slots` (GIPP names some differently). */
const PERSONAL_SLOTS = [
  { key: 'id_document', text: 'id_document' },
  { key: 'utility_bill', text: 'utility_bill' },
  { key: 'proof_of_income', text: 'proof_of_income' },
];
const CORPORATE_SLOTS = [
  { key: 'certificate_of_incorporation', text: 'certificate_of_incorporation' },
  { key: 'director_id', text: 'director_id' },
  { key: 'proof_of_address', text: 'proof_of_address' },
  { key: 'financial_statement', text: 'financial_statement' },
  { key: 'company_tax_info', text: 'company_tax_info' },
];
const GIPP_SLOTS = [
  { key: 'id_document', text: 'gipp_id_document' },
  { key: 'proof_of_address', text: 'proof_of_address' },
  { key: 'proof_of_income', text: 'gipp_proof_of_income' },
  { key: 'company_documents', text: 'company_documents' },
  { key: 'business_plan', text: 'business_plan' },
  { key: 'partnership_letter', text: 'partnership_letter' },
  { key: 'facial_verification', text: 'facial_verification' },
  { key: 'tax_documents', text: 'tax_documents' },
  { key: 'financial_statement', text: 'gipp_financial_statement' },
];

function slotLabels(t: TFunction<'applications'>, slots: { key: string; text: string }[]): { key: string; label: string }[] {
  return slots.map((slot) => ({ key: slot.key, label: t(`slots.${slot.text}`) }));
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

/** Submits (or saves as a draft), shows the spec's toasts, puts server field problems on the fields. */
function useApplicationSubmission(type: ApplicationType, form: FormInstance, onDone: () => void) {
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
        onDone();
        return;
      }
      // Spec 01 §8 success toasts, per form.
      notification.success({ title: t(`messages.${type}SubmittedTitle`), description: t(`messages.${type}Submitted`) });
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        notification.error({ title: t('messages.submissionErrorTitle'), description: t('messages.unexpected') });
        return;
      }
      if (error.details.length > 0) {
        form.setFields(error.details.map((detail) => ({ name: formField(detail.field), errors: [detail.message] })));
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
  const amountRules = (label: string) => [
    ...required(label),
    {
      validator: (_: unknown, value: number | null) => {
        if (value === null || value === undefined) return Promise.resolve();
        if (value < 1000) return Promise.reject(new Error(t('form.minimumAmount')));
        if (Math.round(value * 100) % 10000 !== 0) return Promise.reject(new Error(t('form.amountSteps')));
        return Promise.resolve();
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

export function PersonalApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
  const { t, required, amountRules, annualIncomeRules, durationOptions } = useFormTexts();
  const settings = usePublicSettings();
  const [documents, setDocuments] = useState<DocumentsState>(emptyDocuments);
  const reset = () => {
    form.resetFields();
    setDocuments(emptyDocuments());
    onDone();
  };
  const submission = useApplicationSubmission('personal', form, reset);
  useEffect(() => {
    if (draft?.applicationType !== 'personal') return;
    form.setFieldsValue({ fullName: draft.fullName, investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined, investmentDuration: draft.investmentDuration, ...draft.applicationData });
    setDocuments(documentsFromDraft(draft));
  }, [draft, form]);

  const submit = (values: Record<string, unknown>) =>
    submission.mutate({
      draftId: draft?.applicationType === 'personal' ? draft.id : null,
      body: {
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
      },
    });

  return (
    <Form form={form} name="personalApplication" layout="vertical" onFinish={submit} aria-label={t('form.personalForm')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.fullName')} name="fullName" rules={required(t('form.fullName'))}>
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
          <Form.Item label={t('form.investmentAmountUsd')} name="investmentAmount" rules={amountRules(t('form.investmentAmount'))}>
            <InputNumber min={1000} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentDuration')} name="investmentDuration" rules={required(t('form.investmentDuration'))}>
            <Select options={durationOptions(settings.data?.personalDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.annualIncomeUsd')} name="annualIncome" rules={annualIncomeRules(t('form.annualIncome'))}>
            <InputNumber min={0} step={ANNUAL_INCOME_STEP} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.investmentPurpose')} name="investmentPurpose" rules={required(t('form.investmentPurpose'))}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, PERSONAL_SLOTS)} value={documents} onChange={setDocuments} />
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
  const [documents, setDocuments] = useState<DocumentsState>(emptyDocuments);
  const reset = () => {
    form.resetFields();
    setDocuments(emptyDocuments());
    onDone();
  };
  const submission = useApplicationSubmission('corporate', form, reset);
  useEffect(() => {
    if (draft?.applicationType !== 'corporate') return;
    form.setFieldsValue({
      companyName: draft.companyName,
      companyRegistration: draft.companyRegistration,
      investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined,
      investmentDuration: draft.investmentDuration,
      ...draft.applicationData,
    });
    setDocuments(documentsFromDraft(draft));
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
  const draftId = draft?.applicationType === 'corporate' ? draft.id : null;
  const saveDraft = () => submission.mutate({ draftId, body: body(form.getFieldsValue(), true) });

  return (
    <Form form={form} name="corporateApplication" layout="vertical" onFinish={(values) => submission.mutate({ draftId, body: body(values, false) })} aria-label={t('form.corporateForm')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.companyName')} name="companyName" rules={required(t('form.companyName'))}>
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
          <Form.Item label={t('form.directorsName')} name="directorsName" rules={required(t('form.directorsName'))}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.companyStructure')} name="companyStructure" rules={required(t('form.companyStructure'))}>
            <Select options={(settings.data?.corporateStructures ?? []).map((value) => ({ value, label: value }))} loading={settings.isLoading} placeholder={t('form.selectStructure')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentAmountUsd')} name="investmentAmount" rules={amountRules(t('form.investmentAmount'))}>
            <InputNumber min={1000} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('form.investmentDuration')} name="investmentDuration" rules={required(t('form.investmentDuration'))}>
            <Select options={durationOptions(settings.data?.corporateDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, CORPORATE_SLOTS)} value={documents} onChange={setDocuments} />
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
  const { t, required, durationOptions } = useFormTexts();
  const settings = usePublicSettings();
  const { notification } = useFeedback();
  const [documents, setDocuments] = useState<DocumentsState>(emptyDocuments);
  const reset = () => {
    form.resetFields();
    setDocuments(emptyDocuments());
    onDone();
  };
  const submission = useApplicationSubmission('gipp', form, reset);
  useEffect(() => {
    if (draft?.applicationType !== 'gipp') return;
    form.setFieldsValue({ ...draft, investmentAmount: draft.investmentAmount ? Number(draft.investmentAmount) : undefined, declaration: draft.applicationData.declaration === true });
    setDocuments(documentsFromDraft(draft));
  }, [draft, form]);

  const submit = (values: Record<string, unknown>) =>
    submission.mutate({
      draftId: draft?.applicationType === 'gipp' ? draft.id : null,
      body: {
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
      },
    });

  return (
    <Form
      form={form}
      name="gippApplication"
      layout="vertical"
      onFinish={submit}
      onFinishFailed={() => notification.error({ title: t('messages.validationErrorTitle'), description: t('form.requiredFields') })}
      aria-label={t('form.gippForm')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.fullName')} name="fullName" rules={required(t('form.fullName'))}>
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
          <Form.Item label={t('form.companyName')} name="companyName">
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
            rules={[...required(t('form.investmentAmount')), { type: 'number', min: 0.01, message: t('form.invalidAmount') }]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('form.investmentDurationOptional')} name="investmentDuration">
            <Select allowClear options={durationOptions(settings.data?.gippDurations)} loading={settings.isLoading} placeholder={t('form.selectDuration')} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={slotLabels(t, GIPP_SLOTS)} value={documents} onChange={setDocuments} />
      <Divider />
      <Declaration />
      <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
        {submission.isPending ? t('form.submitting') : t('form.submitGipp')}
      </Button>
    </Form>
  );
}
