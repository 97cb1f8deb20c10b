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
import { useFeedback } from '../app/feedback';
import { usePublicSettings } from '../settings/use-public-settings';
import { moneyApi, type DepositRequest } from './money-api';
import { CURRENCIES, MoneyText, positiveAmount } from './money-rules';
import { submitProblem } from './submit-problem';
import { useMoneyMutation, useMoneySummary } from './use-money';

interface BankValues {
  amount: string;
  currency: (typeof CURRENCIES)[number];
  accountType: string;
  bankName: string;
  bankAddress: string;
}

const amountRule = { validator: (_: unknown, value: string) => (positiveAmount(value) ? Promise.resolve() : Promise.reject(new Error(MoneyText.depositAmount))) };
const required = { required: true, whitespace: true, message: MoneyText.missingFields };

/** Spec 02 §2 Deposits tab: bank transfer and Bitcoin, both behind the deposit gate. */
export function DepositForms() {
  const { notification, message } = useFeedback();
  const { data: summary } = useMoneySummary();
  const { data: settings } = usePublicSettings();
  const wallet = settings?.bitcoinWalletAddress ?? null;
  const blocked = summary?.depositsAllowed === false;
  const deposit = useMoneyMutation((body: DepositRequest, key: string) => moneyApi.deposit(body, key));
  const [bankForm] = Form.useForm<BankValues>();
  const [cryptoForm] = Form.useForm<{ amount: string; currency: BankValues['currency'] }>();

  const submit = (body: DepositRequest, reset: () => void, crypto: boolean) =>
    deposit.mutate(body, {
      onSuccess: () => {
        notification.success({
          message: 'Deposit Request Submitted',
          description: crypto ? 'Send the Bitcoin to the address shown; confirmation takes 10–30 minutes.' : 'Finance will send an official invoice by e-mail. Bank transfers take 3–5 business days.',
        });
        reset();
      },
      onError: (error) => notification.error({ message: crypto ? 'Crypto Deposit Failed' : 'Deposit Failed', description: submitProblem(error, MoneyText.depositFailedDefault) }),
    });

  return (
    <>
      {blocked && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="Deposit Not Allowed" description={MoneyText.depositNotAllowed} />
      )}
      <Row gutter={[16, 16]} style={blocked ? { opacity: 0.5 } : undefined}>
        <Col xs={24} lg={12}>
          <Card title="Bank Transfer">
            <Form<BankValues>
              form={bankForm}
              name="bankDeposit"
              layout="vertical"
              disabled={blocked || deposit.isPending}
              initialValues={{ currency: 'USD', accountType: 'Personal' }}
              onFinish={(values) => submit({ method: 'bank', ...values }, () => bankForm.resetFields(), false)}
            >
              <Form.Item label="Amount" name="amount" rules={[amountRule]}>
                <Input inputMode="decimal" placeholder="5000.00" />
              </Form.Item>
              <Form.Item label="Currency" name="currency">
                <Select options={CURRENCIES.map((value) => ({ value }))} />
              </Form.Item>
              <Form.Item label="Account Type" name="accountType" rules={[required]}>
                <Select options={[{ value: 'Personal' }, { value: 'Corporate / Business' }]} />
              </Form.Item>
              <Form.Item label="Bank Name" name="bankName" rules={[required]}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item label="Bank Address" name="bankAddress" rules={[required]}>
                <Input maxLength={500} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={deposit.isPending} block>
                Submit Deposit Request
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Cryptocurrency (BTC)">
            {wallet ? (
              <>
                <Row gutter={16} align="middle" style={{ marginBottom: 16 }}>
                  <Col>
                    <QRCode value={`bitcoin:${wallet}`} size={150} />
                  </Col>
                  <Col flex="auto">
                    <Typography.Text type="secondary">Bitcoin wallet address</Typography.Text>
                    <Typography.Paragraph code style={{ wordBreak: 'break-all' }}>
                      {wallet}
                    </Typography.Paragraph>
                    <Button
                      icon={<CopyOutlined />}
                      onClick={() => navigator.clipboard.writeText(wallet).then(() => message.success('Copied to clipboard'), () => message.error('Copy failed'))}
                    >
                      Copy Address
                    </Button>
                  </Col>
                </Row>
                <Form
                  form={cryptoForm}
                  name="cryptoDeposit"
                  layout="vertical"
                  disabled={blocked || deposit.isPending}
                  initialValues={{ currency: 'USD' }}
                  onFinish={(values) => submit({ method: 'crypto', ...values }, () => cryptoForm.resetFields(), true)}
                >
                  <Form.Item label="Amount" name="amount" rules={[amountRule]}>
                    <Input inputMode="decimal" />
                  </Form.Item>
                  <Form.Item label="Currency" name="currency">
                    <Select options={CURRENCIES.map((value) => ({ value }))} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={deposit.isPending} block>
                    I Have Sent the Bitcoin
                  </Button>
                </Form>
              </>
            ) : (
              <Alert type="info" showIcon message="Crypto deposits are not available: no receiving wallet is configured." />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
