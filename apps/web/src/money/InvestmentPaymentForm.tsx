import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useFeedback } from '../app/feedback';
import { money } from './format';
import { moneyApi, type InvestmentPaymentRequest } from './money-api';
import { CURRENCIES, MoneyText, positiveAmount } from './money-rules';
import { submitProblem } from './submit-problem';
import { useBalance, useMoneyMutation } from './use-money';

type Values = { investmentType: InvestmentPaymentRequest['investmentType']; amount: string; currency: (typeof CURRENCIES)[number]; paymentMethod: InvestmentPaymentRequest['paymentMethod'] };
const METHOD_LABELS = { bank: 'Bank transfer (manual processing)', crypto: 'Instant Bitcoin payment', balance: 'From my available balance' } as const;

/** Spec 02 §2 Payments tab: form, then a summary to confirm (bank and Bitcoin), or paid at once from balance. */
export function InvestmentPaymentForm() {
  const { notification } = useFeedback();
  const { data: balance } = useBalance();
  const [form] = Form.useForm<Values>();
  const [summary, setSummary] = useState<Values | null>(null);
  const pay = useMoneyMutation((body: InvestmentPaymentRequest, key: string) => moneyApi.payInvestment(body, key));

  const confirm = (values: Values) =>
    pay.mutate(values, {
      onSuccess: (result) => {
        notification.success({ message: result.status === 'completed' ? 'Payment Completed' : 'Payment Processing', description: `Reference ${result.reference}` });
        setSummary(null);
        form.resetFields();
      },
      onError: (error) => notification.error({ message: 'Payment Failed', description: submitProblem(error, MoneyText.paymentFailed) }),
    });

  if (summary) {
    return (
      <Card title="Payment Summary">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Investment Type">{summary.investmentType}</Descriptions.Item>
          <Descriptions.Item label="Amount">{money(summary.amount, summary.currency)}</Descriptions.Item>
          <Descriptions.Item label="Payment Method">{METHOD_LABELS[summary.paymentMethod]}</Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={() => setSummary(null)} disabled={pay.isPending}>
            Back
          </Button>
          <Button type="primary" loading={pay.isPending} onClick={() => confirm(summary)}>
            Confirm Payment
          </Button>
        </Space>
      </Card>
    );
  }
  return (
    <Card title="Pay for an Investment">
      <Form<Values>
        form={form}
        name="investmentPayment"
        layout="vertical"
        initialValues={{ currency: 'USD', paymentMethod: 'bank' }}
        onFinish={(values) => (values.paymentMethod === 'balance' ? confirm(values) : setSummary(values))}
      >
        <Form.Item label="Investment Type" name="investmentType" rules={[{ required: true, message: MoneyText.investmentMissing }]}>
          <Select placeholder="Select investment type" options={[{ value: 'personal', label: 'Personal' }, { value: 'corporate', label: 'Corporate' }, { value: 'gipp', label: 'GIPP' }]} />
        </Form.Item>
        <Form.Item
          label="Amount"
          name="amount"
          rules={[{ required: true, message: MoneyText.investmentMissing }, { validator: (_, value) => (!value || positiveAmount(value) ? Promise.resolve() : Promise.reject(new Error(MoneyText.numericAmount))) }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Currency" name="currency">
          <Select options={CURRENCIES.map((value) => ({ value }))} />
        </Form.Item>
        <Form.Item label="Payment Method" name="paymentMethod">
          <Radio.Group
            options={(Object.keys(METHOD_LABELS) as Values['paymentMethod'][]).map((value) => ({
              value,
              label: value === 'balance' ? `${METHOD_LABELS.balance} (${money(balance?.available ?? 0)})` : METHOD_LABELS[value],
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pay.isPending}>
          Continue
        </Button>
      </Form>
    </Card>
  );
}
