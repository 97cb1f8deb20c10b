import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';
import { usePublicSettings } from '../settings/use-public-settings';
import { money } from './format';
import { moneyApi, type InvestmentPaymentRequest } from './money-api';
import { useDisplayCurrency, usePreselectedCurrency, type MoneyCurrency } from './display-currency';
import { investmentPaymentMethods, MoneyText, positiveAmount } from './money-rules';
import { submitProblem } from './submit-problem';
import { useBalance, useMoneyMutation } from './use-money';

type Values = { investmentType: InvestmentPaymentRequest['investmentType']; amount: string; currency: MoneyCurrency; paymentMethod: InvestmentPaymentRequest['paymentMethod'] };
const INVESTMENT_TYPES = ['personal', 'corporate', 'gipp'] as const satisfies readonly Values['investmentType'][];

/** Spec 02 §2 Payments tab: form, then a summary to confirm (bank and Bitcoin), or paid at once from balance. */
export function InvestmentPaymentForm() {
  const { t } = useTranslation('money');
  const { notification } = useFeedback();
  const { currency: displayCurrency, supported } = useDisplayCurrency();
  const [form] = Form.useForm<Values>();
  usePreselectedCurrency(form, displayCurrency);
  const currency: MoneyCurrency = Form.useWatch('currency', form) ?? displayCurrency;
  const { data: balance } = useBalance(currency);
  const [summary, setSummary] = useState<Values | null>(null);
  const pay = useMoneyMutation((body: InvestmentPaymentRequest, key: string) => moneyApi.payInvestment(body, key));
  // Only the methods the server takes now (spec 02 §9 toggles, the receiving wallet), as the deposit forms read them.
  const { data: settings } = usePublicSettings();
  const methods: Values['paymentMethod'][] = investmentPaymentMethods(settings);
  const offered = methods.join(',');
  const chosen = Form.useWatch('paymentMethod', form);
  useEffect(() => {
    // A method switched off meanwhile is not left selected; the first one offered takes its place.
    const available = offered.split(',') as Values['paymentMethod'][];
    if (chosen && !available.includes(chosen)) form.setFieldValue('paymentMethod', available[0]);
  }, [form, chosen, offered]);

  const confirm = (values: Values) =>
    pay.mutate(values, {
      onSuccess: (result) => {
        notification.success({ title: result.status === 'completed' ? t('payment.completed') : t('payment.processing'), description: t('payment.referenceLine', { reference: result.reference }) });
        setSummary(null);
        form.resetFields();
      },
      onError: (error) => notification.error({ title: t('payment.failed'), description: submitProblem(error, MoneyText.paymentFailed) }),
    });

  if (summary) {
    return (
      <Card title={t('payment.summaryTitle')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('payment.investmentType')}>{t(`payment.investmentTypes.${summary.investmentType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('common.amount')}>{money(summary.amount, summary.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('common.paymentMethod')}>{t(`payment.methods.${summary.paymentMethod}`)}</Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={() => setSummary(null)} disabled={pay.isPending}>
            {t('payment.back')}
          </Button>
          <Button type="primary" loading={pay.isPending} onClick={() => confirm(summary)}>
            {t('payment.confirm')}
          </Button>
        </Space>
      </Card>
    );
  }
  return (
    <Card title={t('payment.title')}>
      <Form<Values>
        form={form}
        name="investmentPayment"
        layout="vertical"
        initialValues={{ currency: displayCurrency, paymentMethod: methods[0] }}
        onFinish={(values) => (values.paymentMethod === 'balance' ? confirm(values) : setSummary(values))}
      >
        <Form.Item label={t('payment.investmentType')} name="investmentType" rules={[{ required: true, message: MoneyText.investmentMissing }]}>
          <Select placeholder={t('payment.selectType')} options={INVESTMENT_TYPES.map((value) => ({ value, label: t(`payment.investmentTypes.${value}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('common.amount')}
          name="amount"
          rules={[{ required: true, message: MoneyText.investmentMissing }, { validator: (_, value) => (!value || positiveAmount(value) ? Promise.resolve() : Promise.reject(new Error(MoneyText.numericAmount))) }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item label={t('common.currency')} name="currency">
          <Select options={supported.map((value) => ({ value }))} />
        </Form.Item>
        <Form.Item label={t('common.paymentMethod')} name="paymentMethod">
          <Radio.Group
            options={methods.map((value) => ({
              value,
              label: value === 'balance' ? t('payment.balanceMethod', { method: t('payment.methods.balance'), amount: money(balance?.available ?? 0, currency) }) : t(`payment.methods.${value}`),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pay.isPending}>
          {t('payment.continue')}
        </Button>
      </Form>
    </Card>
  );
}
