import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { Trans, useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';
import { plainNameRule } from '../ui/name-rule';
import { usePublicSettings } from '../settings/use-public-settings';
import { money } from './format';
import { moneyApi, type WithdrawalRequest } from './money-api';
import { useDisplayCurrency, usePreselectedCurrency, type MoneyCurrency } from './display-currency';
import { DEFAULT_MINIMUM_WITHDRAWAL } from '@portal/domain-rules';
import { accountNumberMessage, MoneyText, swiftCodeMessage, withdrawalAmountProblem } from './money-rules';
import { submitProblem, withdrawalRefusalTitle } from './submit-problem';
import { useBalance, useMoneyMutation } from './use-money';

type Values = Required<Omit<WithdrawalRequest, 'amount'>> & { amount: string };

/** A field rule from a check giving the problem's words or null; an empty field is left to `required`. */
const checkedBy = (problem: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const message = value?.trim() ? problem(value) : null;
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** Spec 02 §5 withdrawal: the amount is held when requested; finance reviews and wires it. */
export function WithdrawForm() {
  const { t } = useTranslation('money');
  const { notification } = useFeedback();
  // Read at render, so the message follows the language shown.
  const required = { required: true, whitespace: true, message: MoneyText.missingFields };
  const { currency: displayCurrency, supported } = useDisplayCurrency();
  const [form] = Form.useForm<Values>();
  usePreselectedCurrency(form, displayCurrency);
  // The balance shown and checked is the one in the currency being withdrawn.
  const currency: MoneyCurrency = Form.useWatch('currency', form) ?? displayCurrency;
  const { data: balance } = useBalance(currency);
  const { data: settings } = usePublicSettings();
  const enabled = settings?.featureToggles?.withdrawals_enabled !== false;
  const available = Number(balance?.available ?? 0);
  // The server's minimum (System Settings: financial limits), the spec's until it is known.
  const minimum = settings?.minimumWithdrawal ?? DEFAULT_MINIMUM_WITHDRAWAL;
  const withdraw = useMoneyMutation((body: WithdrawalRequest, key: string) => moneyApi.withdraw(body, key));

  return (
    <Card title={t('withdraw.title')}>
      <Typography.Paragraph>
        <Trans t={t} i18nKey="withdraw.available" values={{ amount: money(balance?.available ?? 0, currency) }} components={{ strong: <strong /> }} />
        {Number(balance?.held ?? 0) > 0 && t('withdraw.held', { amount: money(balance?.held ?? 0, currency) })}
      </Typography.Paragraph>
      {!enabled && <Typography.Paragraph type="warning">{t('withdraw.disabled')}</Typography.Paragraph>}
      <Form<Values>
        form={form}
        name="withdrawal"
        layout="vertical"
        disabled={!enabled || withdraw.isPending}
        initialValues={{ currency: displayCurrency }}
        onFinish={(values) =>
          withdraw.mutate(values, {
            onSuccess: () => {
              notification.success({ title: t('withdraw.received'), description: t('withdraw.receivedDescription') });
              form.resetFields();
            },
            onError: (error) => notification.error({ title: withdrawalRefusalTitle(error, t('withdraw.failed')), description: submitProblem(error, t('withdraw.failedDefault')) }),
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('withdraw.accountName')} name="accountName" rules={[required, plainNameRule]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('withdraw.accountNumber')} name="accountNumber" rules={[required, checkedBy(accountNumberMessage)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.bankName')} name="bankName" rules={[required]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('withdraw.swiftCode')} name="swiftCode" rules={[required, checkedBy(swiftCodeMessage)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('withdraw.branchAddress')} name="bankBranchAddress" rules={[required]}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('common.amount')}
              name="amount"
              rules={[
                { required: true, message: MoneyText.missingFields },
                { validator: (_, value: string) => { const problem = value ? withdrawalAmountProblem(value, available, minimum) : null; return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } },
              ]}
            >
              <Input inputMode="decimal" placeholder={t('withdraw.minimum', { minimum: minimum.toFixed(2) })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('common.currency')} name="currency">
              <Select options={supported.map((value) => ({ value }))} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={withdraw.isPending}>
          {t('withdraw.submit')}
        </Button>
      </Form>
    </Card>
  );
}
