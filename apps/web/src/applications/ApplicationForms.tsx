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
import type { ApplicationBody, ApplicationView } from '@portal/api-client';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { usePublicSettings } from '../settings/use-public-settings';
import { applicationsApi, type ApplicationType } from './applications-api';
import { DocumentSlots, documentIdsOf, emptyDocuments, type DocumentsState } from './DocumentSlots';
import { applicationKeys } from './query-keys';

export const DECLARATION_TEXT =
  'I declare that all documents and information I have provided are true and correct. I understand that providing false information may lead to the denial of my application, and that I will be liable for any damages or expenses arising from it.';
export const REQUIRED_MESSAGE = 'Please fill in all required fields and accept the declaration';
const SANITISE = /[<>"']/g;

/** Spec 01 §5, mirrored here; the server applies it again. */
export function sanitise(text: unknown): string | undefined {
  // A reopened draft leaves null in the fields it never had.
  if (typeof text !== 'string') return undefined;
  const cleaned = text.replace(SANITISE, '').trim().slice(0, 1000);
  return cleaned === '' ? undefined : cleaned;
}

const PERSONAL_SLOTS = [
  { key: 'id_document', label: 'Government-issued ID' },
  { key: 'utility_bill', label: 'Utility bill' },
  { key: 'proof_of_income', label: 'Proof of employment or income' },
];
const CORPORATE_SLOTS = [
  { key: 'certificate_of_incorporation', label: 'Certificate of incorporation' },
  { key: 'director_id', label: "Director's ID" },
  { key: 'proof_of_address', label: 'Proof of address' },
  { key: 'financial_statement', label: 'Financial statement' },
  { key: 'company_tax_info', label: 'Company tax information' },
];
const GIPP_SLOTS = [
  { key: 'id_document', label: 'ID' },
  { key: 'proof_of_address', label: 'Proof of address' },
  { key: 'proof_of_income', label: 'Proof of income' },
  { key: 'company_documents', label: 'Company documents' },
  { key: 'business_plan', label: 'Business plan' },
  { key: 'partnership_letter', label: 'Partnership letter' },
  { key: 'facial_verification', label: 'Facial verification with ID' },
  { key: 'tax_documents', label: 'Tax documents' },
  { key: 'financial_statement', label: 'Financials statement' },
];

/** Spec 01 §8 success toasts, per form. */
const SUCCESS: Record<ApplicationType, { title: string; description: string }> = {
  personal: { title: 'Application Submitted Successfully', description: 'Your investment application has been submitted for review. Kindly proceed to add payment to your account.' },
  corporate: { title: 'Application Submitted', description: 'Your investment application has been submitted for review, kindly proceed to add payment to your account' },
  gipp: { title: 'Application Submitted Successfully', description: 'Your investment application has been submitted for review. Please check your email for your confirmation.' },
};

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
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, draftId }: { body: ApplicationBody; draftId: string | null }) =>
      draftId ? applicationsApi.updateDraft(draftId, body) : applicationsApi.submit(body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      if (saved.status === 'draft') {
        notification.success({ message: 'Draft Saved', description: 'Your draft is saved. Continue it any time from the status tab.' });
        onDone();
        return;
      }
      notification.success({ message: SUCCESS[type].title, description: SUCCESS[type].description });
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        notification.error({ message: 'Submission Error', description: 'An unexpected error occurred. Please try again.' });
        return;
      }
      if (error.details.length > 0) {
        form.setFields(error.details.map((detail) => ({ name: formField(detail.field), errors: [detail.message] })));
      }
      const fallback = type === 'gipp' ? 'Failed to submit your application. Please try again.' : 'Failed to submit application. Please try again.';
      notification.error({ message: 'Submission Failed', description: serverMessage(error) ?? fallback });
    },
  });
}

function Declaration() {
  return (
    <Form.Item
      name="declaration"
      valuePropName="checked"
      rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error('Please accept the declaration'))) }]}
    >
      <Checkbox>
        <Typography.Text>{DECLARATION_TEXT}</Typography.Text>
      </Checkbox>
    </Form.Item>
  );
}

const required = (label: string) => [{ required: true, message: `${label} is required` }];
const amountRules = (label: string) => [
  ...required(label),
  {
    validator: (_: unknown, value: number | null) => {
      if (value === null || value === undefined) return Promise.resolve();
      if (value < 1000) return Promise.reject(new Error('The minimum investment amount is $1,000.'));
      if (Math.round(value * 100) % 10000 !== 0) return Promise.reject(new Error('The investment amount must be in steps of $100.'));
      return Promise.resolve();
    },
  },
];

const durationOptions = (months: number[] | undefined) => (months ?? []).map((value) => ({ value, label: `${value} months` }));

interface FormProps {
  /** A draft being continued, or null for a new application. */
  draft: ApplicationView | null;
  onDone: () => void;
}

export function PersonalApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
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
    <Form form={form} name="personalApplication" layout="vertical" onFinish={submit} aria-label="Personal investment application">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Full name" name="fullName" rules={required('Full name')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Employment" name="employment" rules={required('Employment')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Address" name="address" rules={required('Address')}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="Investment amount (USD)" name="investmentAmount" rules={amountRules('Investment amount')}>
            <InputNumber min={1000} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Investment duration" name="investmentDuration" rules={required('Investment duration')}>
            <Select options={durationOptions(settings.data?.personalDurations)} loading={settings.isLoading} placeholder="Select duration" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Annual income (USD)" name="annualIncome" rules={required('Annual income')}>
            <InputNumber min={0} step={1000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Investment purpose" name="investmentPurpose" rules={required('Investment purpose')}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Divider titlePlacement="start">Documents</Divider>
      <DocumentSlots slots={PERSONAL_SLOTS} value={documents} onChange={setDocuments} />
      <Divider />
      <Declaration />
      <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
        {submission.isPending ? 'Submitting...' : 'Submit Personal Application'}
      </Button>
    </Form>
  );
}

export function CorporateApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
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
    <Form form={form} name="corporateApplication" layout="vertical" onFinish={(values) => submission.mutate({ draftId, body: body(values, false) })} aria-label="Corporate investment application">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Company name" name="companyName" rules={required('Company name')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Company registration" name="companyRegistration">
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Country of operation" name="countryOfOperation" rules={required('Country of operation')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Director's name" name="directorsName" rules={required("Director's name")}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Company structure" name="companyStructure" rules={required('Company structure')}>
            <Select options={(settings.data?.corporateStructures ?? []).map((value) => ({ value, label: value }))} loading={settings.isLoading} placeholder="Select structure" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Investment amount (USD)" name="investmentAmount" rules={amountRules('Investment amount')}>
            <InputNumber min={1000} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Investment duration" name="investmentDuration" rules={required('Investment duration')}>
            <Select options={durationOptions(settings.data?.corporateDurations)} loading={settings.isLoading} placeholder="Select duration" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Documents</Divider>
      <DocumentSlots slots={CORPORATE_SLOTS} value={documents} onChange={setDocuments} />
      <Divider />
      <Declaration />
      <Space>
        <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
          {submission.isPending ? 'Submitting...' : 'Submit Corporate Application'}
        </Button>
        <Button onClick={saveDraft} disabled={submission.isPending}>
          Save Draft
        </Button>
      </Space>
    </Form>
  );
}

export function GippApplicationForm({ draft, onDone }: FormProps) {
  const [form] = Form.useForm();
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
      onFinishFailed={() => notification.error({ message: 'Validation Error', description: REQUIRED_MESSAGE })}
      aria-label="GIPP application"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Full name" name="fullName" rules={required('Full name')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" rules={[...required('Email'), { type: 'email', message: 'Please enter a valid email address.' }]}>
            <Input maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Phone" name="phone">
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Investment category" name="investmentCategory">
            <Select allowClear options={(settings.data?.investmentCategories ?? []).map((value) => ({ value, label: value }))} loading={settings.isLoading} placeholder="Select category" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Company name" name="companyName">
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Company registration" name="companyRegistration">
            <Input maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Investment amount (USD)"
            name="investmentAmount"
            rules={[...required('Investment amount'), { type: 'number', min: 0.01, message: 'Please enter a valid investment amount greater than 0.' }]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Investment duration (optional)" name="investmentDuration">
            <Select allowClear options={durationOptions(settings.data?.gippDurations)} loading={settings.isLoading} placeholder="Select duration" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">Documents</Divider>
      <DocumentSlots slots={GIPP_SLOTS} value={documents} onChange={setDocuments} />
      <Divider />
      <Declaration />
      <Button type="primary" htmlType="submit" loading={submission.isPending} disabled={submission.isPending}>
        {submission.isPending ? 'Submitting...' : 'Submit GIPP Application'}
      </Button>
    </Form>
  );
}
