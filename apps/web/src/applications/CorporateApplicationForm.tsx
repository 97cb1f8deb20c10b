import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import type { ApplicationBody } from '@portal/api-client';
import { usePublicSettings } from '../settings/use-public-settings';
import { plainNameRule } from '../ui/name-rule';
import { INVESTMENT_STEP } from '@portal/domain-rules';
import { documentIdsOf } from './DocumentSlots';
import { ApplicationFormEnd, CompanyFields, type FormProps, useFormTexts } from './form-parts';
import { sanitise } from './form-rules';
import { slotLabels, useApplicationForm } from './use-application-form';

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
        <CompanyFields nameRequired />
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
      <ApplicationFormEnd slots={slotLabels(t, 'corporate')} documents={documents} onDocumentsChange={setDocuments} documentProblems={documentProblems} pending={submission.isPending} submitLabel={t('form.submitCorporate')} onSaveDraft={saveDraft} />
    </Form>
  );
}
