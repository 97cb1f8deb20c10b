import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useFeedback } from '../app/feedback';
import { usePublicSettings } from '../settings/use-public-settings';
import { plainNameRule } from '../ui/name-rule';
import { documentIdsOf } from './DocumentSlots';
import { ApplicationFormEnd, CompanyFields, type FormProps, useFormTexts } from './form-parts';
import { sanitise } from './form-rules';
import { slotLabels, useApplicationForm } from './use-application-form';

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
        <CompanyFields nameRequired={false} />
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
      <ApplicationFormEnd slots={slotLabels(t, 'gipp')} documents={documents} onDocumentsChange={setDocuments} documentProblems={documentProblems} pending={submission.isPending} submitLabel={t('form.submitGipp')} />
    </Form>
  );
}
