import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { usePublicSettings } from '../settings/use-public-settings';
import { plainNameRule } from '../ui/name-rule';
import { ANNUAL_INCOME_STEP, INVESTMENT_STEP } from '@portal/domain-rules';
import { documentIdsOf } from './DocumentSlots';
import { ApplicationFormEnd, type FormProps, useFormTexts } from './form-parts';
import { sanitise } from './form-rules';
import { slotLabels, useApplicationForm } from './use-application-form';

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
      <ApplicationFormEnd slots={slotLabels(t, 'personal')} documents={documents} onDocumentsChange={setDocuments} documentProblems={documentProblems} pending={submission.isPending} submitLabel={t('form.submitPersonal')} />
    </Form>
  );
}
