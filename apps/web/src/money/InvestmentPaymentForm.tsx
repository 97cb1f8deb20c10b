import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useFeedback } from '../app/feedback';
import { TYPE_LABELS } from '../applications/labels';
import { applicationKeys } from '../applications/query-keys';
import { i18n } from '../i18n/i18n';
import { annualRate, awaitingPayment, fromCents, PAY_INVESTMENT_PARAM, toCents, useInvestments, type Investment } from '../investments/use-investments';
import { usePublicSettings } from '../settings/use-public-settings';
import { ButtonLink } from '../ui/ButtonLink';
import { useDisplayCurrency } from './display-currency';
import { day, money } from './format';
import { moneyApi, type InvestmentPaymentRequest } from './money-api';
import { isPositiveAmount } from '@portal/domain-rules';
import { investmentPaymentMethods, MoneyText } from './money-rules';
import { submitProblem } from './submit-problem';
import { useBalance, useMoneyMutation } from './use-money';

type Values = { investmentId: string; amount: string; paymentMethod: InvestmentPaymentRequest['paymentMethod'] };
/** What is sent, with the investment it pays into (for the summary and the confirmation). */
type Payment = Values & { investment: Investment };

/** "Personal · $2,500.00": an investment by its type and principal, in its own currency. */
const investmentName = (item: Investment) => `${TYPE_LABELS[item.investmentType]} · ${money(item.amount, item.currency)}`;

/** The server's own words for its refusals (the `server` namespace), read when a rule runs. */
const serverWords = (code: string) => i18n.t(`server:${code}`);

/**
 * Spec 02 §2 Payments tab, issue 28: the customer pays into one of their investments awaiting
 * funding, up to what is left to pay on it. From the available balance a confirmation with the
 * investment's figures at maturity comes first; by bank or Bitcoin a summary to confirm.
 * Nothing is sent until the customer confirms; the server stays the judge of every rule.
 */
export function InvestmentPaymentForm() {
  // The applications namespace holds the investment types the options and the summary name.
  const { t } = useTranslation(['money', 'applications']);
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const { currency: displayCurrency } = useDisplayCurrency();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const investments = useInvestments();
  const payable = awaitingPayment(investments.data?.items ?? []);
  const investmentId = Form.useWatch('investmentId', form);
  const chosen = payable.find((item) => item.id === investmentId);
  const currency = chosen?.currency ?? displayCurrency;
  const { data: balance } = useBalance(currency);
  const [summary, setSummary] = useState<Payment | null>(null);
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const pay = useMoneyMutation((body: InvestmentPaymentRequest, key: string) => moneyApi.payInvestment(body, key));
  // Only the methods the server takes now (spec 02 §9 toggles, the receiving wallet), as the deposit forms read them.
  const { data: settings } = usePublicSettings();
  const methods: Values['paymentMethod'][] = investmentPaymentMethods(settings);
  const offered = methods.join(',');
  const method = Form.useWatch('paymentMethod', form);
  useEffect(() => {
    // A method switched off meanwhile is not left selected; the first one offered takes its place.
    const available = offered.split(',') as Values['paymentMethod'][];
    if (method && !available.includes(method)) form.setFieldValue('paymentMethod', available[0]);
  }, [form, method, offered]);

  const send = (payment: Payment) =>
    pay.mutate(
      { investmentId: payment.investmentId, amount: payment.amount.trim(), currency: payment.investment.currency, paymentMethod: payment.paymentMethod },
      {
        onSuccess: (result) => {
          notification.success({ title: result.status === 'completed' ? t('payment.completed') : t('payment.processing'), description: t('payment.referenceLine', { reference: result.reference }) });
          setSummary(null);
          setConfirming(null);
          form.resetFields();
          // The investment paid into may be paid up now: the customer chooses again from the refreshed list.
          form.setFieldsValue({ investmentId: undefined, amount: undefined });
        },
        onError: (error) => notification.error({ title: t('payment.failed'), description: submitProblem(error, MoneyText.paymentFailed) }),
        // Paid, or refused because the investment changed meanwhile (paid up, cancelled): the list shows it as it is now.
        onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.investments() }),
      },
    );

  const review = (values: Values) => {
    const investment = payable.find((item) => item.id === values.investmentId);
    if (!investment) return;
    const payment = { ...values, amount: values.amount.trim(), investment };
    if (values.paymentMethod === 'balance') setConfirming(payment);
    else setSummary(payment);
  };

  if (investments.isLoading) return <Card title={t('payment.title')} loading />;
  if (investments.isError) {
    return (
      <Card title={t('payment.title')}>
        <Typography.Text type="danger">{t('payment.loadFailed')}</Typography.Text>
      </Card>
    );
  }
  if (summary) {
    return (
      <Card title={t('payment.summaryTitle')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('payment.investment')}>{investmentName(summary.investment)}</Descriptions.Item>
          <Descriptions.Item label={t('common.amount')}>{money(summary.amount, summary.investment.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('common.paymentMethod')}>{t(`payment.methods.${summary.paymentMethod}`)}</Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }} wrap>
          <Button onClick={() => setSummary(null)} disabled={pay.isPending}>
            {t('payment.back')}
          </Button>
          <Button type="primary" loading={pay.isPending} onClick={() => send(summary)}>
            {t('payment.confirm')}
          </Button>
        </Space>
      </Card>
    );
  }
  if (payable.length === 0) {
    return (
      <Card title={t('payment.title')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payment.noneAwaiting')}>
          <Flex gap={8} wrap justify="center">
            <ButtonLink to="/app/portfolio" type="primary">
              {t('payment.viewPortfolio')}
            </ButtonLink>
            <ButtonLink to="/app/investments">{t('payment.apply')}</ButtonLink>
          </Flex>
        </Empty>
      </Card>
    );
  }

  // The portfolio's Pay button names the investment; with only one to pay, it is that one.
  const preselected = payable.find((item) => item.id === params.get(PAY_INVESTMENT_PARAM)) ?? (payable.length === 1 ? payable[0] : undefined);
  const amountProblem = (value: string): string | null => {
    if (!isPositiveAmount(value)) return MoneyText.numericAmount;
    const investment = payable.find((item) => item.id === form.getFieldValue('investmentId'));
    // The browser's mirror of the server's refusals (investment_overpaid, investment_insufficient_balance), in its words.
    if (investment && toCents(value) > toCents(investment.unfundedAmount)) return serverWords('investment_overpaid');
    if (form.getFieldValue('paymentMethod') === 'balance' && balance && toCents(value) > toCents(balance.available)) return serverWords('investment_insufficient_balance');
    return null;
  };
  return (
    <Card title={t('payment.title')}>
      <Form<Values>
        form={form}
        name="investmentPayment"
        layout="vertical"
        initialValues={{ investmentId: preselected?.id, amount: preselected?.unfundedAmount, paymentMethod: methods[0] }}
        onFinish={review}
      >
        <Form.Item label={t('payment.investment')} name="investmentId" rules={[{ required: true, message: serverWords('investment_choose') }]}>
          <Select
            placeholder={t('payment.selectInvestment')}
            // The amount follows the investment chosen: what is left to pay on it.
            onChange={(id: string) => form.setFieldsValue({ amount: payable.find((item) => item.id === id)?.unfundedAmount })}
            options={payable.map((item) => ({
              value: item.id,
              label: t('payment.investmentOption', { investment: investmentName(item), left: money(item.unfundedAmount, item.currency) }),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('common.amount')}
          name="amount"
          dependencies={['investmentId', 'paymentMethod']}
          extra={chosen ? t('payment.leftToPay', { amount: money(chosen.unfundedAmount, chosen.currency) }) : undefined}
          rules={[
            { required: true, message: MoneyText.numericAmount },
            {
              validator: (_, value: string | undefined) => {
                // An empty field is left to `required`.
                const problem = value?.trim() ? amountProblem(value.trim()) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix={currency} />
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
      <BalancePaymentConfirmation
        payment={confirming}
        available={balance?.available}
        sending={pay.isPending}
        onBack={() => setConfirming(null)}
        onConfirm={() => confirming && send(confirming)}
      />
    </Card>
  );
}

/**
 * A payment from the available balance, shown before anything is sent: the amount, the
 * investment it funds with its return, fee and net payout at maturity, and the available
 * balance it leaves. Closing the dialog sends nothing.
 */
function BalancePaymentConfirmation({
  payment,
  available,
  sending,
  onBack,
  onConfirm,
}: {
  payment: Payment | null;
  available: string | undefined;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('money');
  const investment = payment?.investment;
  const leftAfter = investment && payment ? toCents(investment.unfundedAmount) - toCents(payment.amount) : 0;
  return (
    <Modal
      open={payment !== null}
      title={t('payment.confirmTitle')}
      onCancel={sending ? undefined : onBack}
      closable={!sending}
      keyboard={!sending}
      mask={{ closable: !sending }}
      footer={
        <Space wrap>
          <Button onClick={onBack} disabled={sending}>
            {t('payment.back')}
          </Button>
          <Button type="primary" loading={sending} onClick={onConfirm}>
            {t('payment.confirm')}
          </Button>
        </Space>
      }
    >
      {investment && payment && (
        <>
          <Typography.Paragraph>{t('payment.confirmIntro')}</Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('common.amount')}>{money(payment.amount, investment.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('payment.investment')}>{investmentName(investment)}</Descriptions.Item>
            <Descriptions.Item label={t('payment.expectedReturn')}>
              {t('payment.rateValue', { amount: money(investment.expectedReturnAmount, investment.currency), rate: annualRate(investment.expectedReturnRate) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('payment.fee')}>{t('payment.rateValue', { amount: money(investment.feeAmount, investment.currency), rate: annualRate(investment.feeRate) })}</Descriptions.Item>
            <Descriptions.Item label={t('payment.netPayout')}>
              {investment.maturityDate
                ? t('payment.netPayoutOn', { amount: money(investment.netPayout, investment.currency), date: day(investment.maturityDate) })
                : t('payment.netPayoutAfter', { amount: money(investment.netPayout, investment.currency), count: investment.durationMonths })}
            </Descriptions.Item>
            <Descriptions.Item label={t('payment.availableAfter')}>{available === undefined ? '—' : money(fromCents(toCents(available) - toCents(payment.amount)), investment.currency)}</Descriptions.Item>
          </Descriptions>
          {leftAfter > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('payment.stillLeft', { amount: money(fromCents(leftAfter), investment.currency) })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Modal>
  );
}
