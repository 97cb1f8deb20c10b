import MailOutlined from '@ant-design/icons/MailOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRegistrationsOpen } from '../../settings/use-public-settings';
import { AuthLayout } from '../AuthLayout';
import { FormProblem } from '../FormProblem';
import { signupProblem, type SignupFields } from '../form-rules';
import { RedirectSignedIn } from '../RedirectSignedIn';
import { WithStrong } from '../WithStrong';
import { signupErrorMessage, useSignup } from '../use-signup';

const EMPTY: SignupFields & { userType: 'customer' } = {
  userType: 'customer',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export default function SignupPage() {
  return (
    <RedirectSignedIn>
      <SignupScreen />
    </RedirectSignedIn>
  );
}

function SignupScreen() {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const registrationsOpen = useRegistrationsOpen();
  const [problem, setProblem] = useState<string | null>(null);

  if (signup.isSuccess) return <AccountCreated email={signup.data.email} />;

  const submit = (values: SignupFields) => {
    const fields = { ...EMPTY, ...values };
    const firstProblem = signupProblem(fields);
    setProblem(firstProblem);
    if (firstProblem) return;
    signup.mutate(fields, { onError: (error) => setProblem(signupErrorMessage(error)) });
  };

  return (
    <AuthLayout
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      documentTitle={t('signup.documentTitle')}
    >
      {!registrationsOpen && (
        <Alert
          type="warning"
          showIcon
          title={t('signup.registrationsClosed')}
          style={{ marginBottom: 16 }}
        />
      )}
      <FormProblem message={problem} />
      <Form<SignupFields>
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        requiredMark={false}
        noValidate
        disabled={!registrationsOpen}
      >
        <Form.Item label={t('signup.accountType')} name="userType">
          <Radio.Group options={[{ label: t('signup.customer'), value: 'customer' }]} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('signup.firstName')} name="firstName">
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('signup.lastName')} name="lastName">
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('login.email')} name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined />} placeholder={t('login.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('login.password')} name="password" extra={t('signup.passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('signup.confirmPassword')} name="confirmPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={signup.isPending}>
          {signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </Form>
      <Divider />
      <Flex vertical gap={8} align="center">
        <Typography.Text>
          {t('signup.haveAccount')} <Link to="/auth/login?portal=customer">{t('signup.signIn')}</Link>
        </Typography.Text>
        <Link to="/">{t('backToHome')}</Link>
      </Flex>
    </AuthLayout>
  );
}

function AccountCreated({ email }: { email: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={null} documentTitle={t('signup.created.documentTitle')}>
      <Result
        status="success"
        title={t('signup.created.title')}
        subTitle={<WithStrong text={(slot) => t('signup.created.body', { email: slot })} value={email} />}
        extra={
          <Button type="primary" onClick={() => navigate('/auth/login?portal=customer')}>
            {t('signup.created.continue')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
