import CopyOutlined from '@ant-design/icons/CopyOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';
import { usePublicSettings } from '../settings/use-public-settings';
import { moneyApi, type DepositRequest } from './money-api';
import { useDisplayCurrency, usePreselectedCurrency, type MoneyCurrency } from './display-currency';
import { isPositiveAmount } from '@portal/domain-rules';
import { MoneyText } from './money-rules';
import { submitProblem } from './submit-problem';
import { useMoneyMutation, useMoneySummary } from './use-money';

interface BankValues {
  amount: string;
  currency: MoneyCurrency;
  accountType: string;
  bankName: string;
  bankAddress: string;
}

// The messages are read when a rule runs, so they follow the language shown then.
const amountRule = { validator: (_: unknown, value: string) => (isPositiveAmount(value) ? Promise.resolve() : Promise.reject(new Error(MoneyText.depositAmount))) };
const requiredRule = () => ({ required: true, whitespace: true, message: MoneyText.missingFields });

/** Spec 02 §2 Deposits tab: bank transfer and Bitcoin, both behind the deposit gate. */
export function DepositForms() {
  const { t } = useTranslation('money');
  const { notification, message } = useFeedback();
  const required = requiredRule();
  const { currency, supported } = useDisplayCurrency();
  const { data: summary } = useMoneySummary(currency);
  const { data: settings } = usePublicSettings();
  const wallet = settings?.bitcoinWalletAddress ?? null;
  const blocked = summary?.depositsAllowed === false;
  const deposit = useMoneyMutation((body: DepositRequest, key: string) => moneyApi.deposit(body, key));
  const [bankForm] = Form.useForm<BankValues>();
  const [cryptoForm] = Form.useForm<{ amount: string; currency: BankValues['currency'] }>();
  usePreselectedCurrency(bankForm, currency);
  usePreselectedCurrency(cryptoForm, currency, Boolean(wallet));
  const currencyOptions = supported.map((value) => ({ value }));

  const submit = (body: DepositRequest, reset: () => void, crypto: boolean) =>
    deposit.mutate(body, {
      onSuccess: () => {
        notification.success({
          title: t('deposit.submitted'),
          description: crypto ? t('deposit.cryptoSubmitted') : t('deposit.bankSubmitted'),
        });
        reset();
      },
      onError: (error) => notification.error({ title: crypto ? t('deposit.cryptoFailed') : t('deposit.failed'), description: submitProblem(error, MoneyText.depositFailedDefault) }),
    });

  return (
    <>
      {blocked && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('deposit.notAllowed')} description={MoneyText.depositNotAllowed} />
      )}
      {/* The disabled fields show that nothing can be sent; fading the whole row would leave its titles unreadable. */}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('deposit.bankTransfer')}>
            <Form<BankValues>
              form={bankForm}
              name="bankDeposit"
              layout="vertical"
              disabled={blocked || deposit.isPending}
              initialValues={{ currency, accountType: 'Personal' }}
              onFinish={(values) => submit({ method: 'bank', ...values }, () => bankForm.resetFields(), false)}
            >
              <Form.Item label={t('common.amount')} name="amount" rules={[amountRule]}>
                <Input inputMode="decimal" placeholder="5000.00" />
              </Form.Item>
              <Form.Item label={t('common.currency')} name="currency">
                <Select options={currencyOptions} />
              </Form.Item>
              <Form.Item label={t('deposit.accountType')} name="accountType" rules={[required]}>
                <Select
                  options={[
                    { value: 'Personal', label: t('deposit.accountTypes.personal') },
                    { value: 'Corporate / Business', label: t('deposit.accountTypes.corporate') },
                  ]}
                />
              </Form.Item>
              <Form.Item label={t('common.bankName')} name="bankName" rules={[required]}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item label={t('deposit.bankAddress')} name="bankAddress" rules={[required]}>
                <Input maxLength={500} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={deposit.isPending} block>
                {t('deposit.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('deposit.crypto')}>
            {wallet ? (
              <>
                <Row gutter={16} align="middle" style={{ marginBottom: 16 }}>
                  <Col>
                    <QRCode value={`bitcoin:${wallet}`} size={150} />
                  </Col>
                  <Col flex="auto">
                    <Typography.Text type="secondary">{t('deposit.walletAddress')}</Typography.Text>
                    <Typography.Paragraph code style={{ wordBreak: 'break-all' }}>
                      {wallet}
                    </Typography.Paragraph>
                    <Button
                      icon={<CopyOutlined />}
                      onClick={() => navigator.clipboard.writeText(wallet).then(() => message.success(t('deposit.copied')), () => message.error(t('deposit.copyFailed')))}
                    >
                      {t('deposit.copyAddress')}
                    </Button>
                  </Col>
                </Row>
                <Form
                  form={cryptoForm}
                  name="cryptoDeposit"
                  layout="vertical"
                  disabled={blocked || deposit.isPending}
                  initialValues={{ currency }}
                  onFinish={(values) => submit({ method: 'crypto', ...values }, () => cryptoForm.resetFields(), true)}
                >
                  <Form.Item label={t('common.amount')} name="amount" rules={[amountRule]}>
                    <Input inputMode="decimal" />
                  </Form.Item>
                  <Form.Item label={t('common.currency')} name="currency">
                    <Select options={currencyOptions} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={deposit.isPending} block>
                    {t('deposit.bitcoinSent')}
                  </Button>
                </Form>
              </>
            ) : (
              <Alert type="info" showIcon title={t('deposit.noWallet')} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
