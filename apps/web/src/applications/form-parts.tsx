import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@portal/api-client';
import { TEXT_LIMIT } from '@portal/domain-rules';
import { plainNameRule } from '../ui/name-rule';
import { formatMoney } from '../ui/number-format';
import type { ApplicationType } from './applications-api';
import { DocumentSlots, type DocumentsState } from './DocumentSlots';
import { annualIncomeProblem, investmentAmountProblem, MAXIMUM_INVESTMENT } from './form-rules';

export function Declaration() {
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
export function useFormTexts() {
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

/**
 * The company's name and registration, the fields the corporate and GIPP forms share (spec 01 §2, §5):
 * the corporate form requires the name, GIPP leaves both optional. Two half-width columns of the form's Row.
 */
export function CompanyFields({ nameRequired }: { nameRequired: boolean }) {
  const { t, required } = useFormTexts();
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label={t('form.companyName')} name="companyName" rules={[...(nameRequired ? required(t('form.companyName')) : []), plainNameRule]}>
          <Input maxLength={TEXT_LIMIT} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('form.companyRegistration')} name="companyRegistration">
          <Input maxLength={TEXT_LIMIT} />
        </Form.Item>
      </Col>
    </>
  );
}

export interface FormProps {
  /** A draft being continued, or null for a new application. */
  draft: ApplicationView | null;
  onDone: () => void;
}

/** Where a form ends: its document slots, the declaration, and Submit (beside Save Draft where the form keeps drafts). */
export function ApplicationFormEnd(props: {
  slots: { key: string; label: string; required: boolean }[];
  documents: DocumentsState;
  onDocumentsChange: (documents: DocumentsState) => void;
  documentProblems: Record<string, string>;
  pending: boolean;
  submitLabel: string;
  onSaveDraft?: () => void;
}) {
  const { t } = useTranslation('applications');
  const submit = (
    <Button type="primary" htmlType="submit" loading={props.pending} disabled={props.pending}>
      {props.pending ? t('form.submitting') : props.submitLabel}
    </Button>
  );
  return (
    <>
      <Divider titlePlacement="start">{t('form.documents')}</Divider>
      <DocumentSlots slots={props.slots} value={props.documents} onChange={props.onDocumentsChange} problems={props.documentProblems} />
      <Divider />
      <Declaration />
      {props.onSaveDraft ? (
        <Space>
          {submit}
          <Button onClick={props.onSaveDraft} disabled={props.pending}>
            {t('form.saveDraft')}
          </Button>
        </Space>
      ) : (
        submit
      )}
    </>
  );
}
