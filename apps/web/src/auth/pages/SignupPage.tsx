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
import { signupFieldProblems, type SignupFields } from '../form-rules';
import { RedirectSignedIn } from '../RedirectSignedIn';
import { WithStrong } from '../WithStrong';
import { signupErrorMessage, useSignup } from '../use-signup';

const FIELD_NAMES: (keyof SignupFields)[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];

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
  const [form] = Form.useForm<SignupFields>();

  // The same whether the address is new or already has an account: the screen never tells which.
  if (signup.isSuccess) return <CheckYourEmail email={signup.data.email} />;

  const submit = (values: SignupFields) => {
    const fields = { ...EMPTY, ...values };
    // Every problem at its field at once; the banner keeps the first (spec 01 §5's order).
    const problems = signupFieldProblems(fields);
    form.setFields(FIELD_NAMES.map((name) => ({ name, errors: problems.filter((found) => found.field === name).map((found) => found.message) })));
    setProblem(problems[0]?.message ?? null);
    if (problems.length > 0) return;
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
        form={form}
        // A field being corrected no longer shows its old problem.
        onValuesChange={(changed: Partial<SignupFields>) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof SignupFields, errors: [] })))}
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
        <Typography.Text className="link-in-text">
          {t('signup.haveAccount')} <Link to="/auth/login?portal=customer">{t('signup.signIn')}</Link>
        </Typography.Text>
        <Link to="/">{t('backToHome')}</Link>
      </Flex>
    </AuthLayout>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={null} documentTitle={t('signup.checkEmail.documentTitle')}>
      <Result
        status="success"
        icon={<MailOutlined />}
        title={t('signup.checkEmail.title')}
        subTitle={<WithStrong text={(slot) => t('signup.checkEmail.body', { email: slot })} value={email} />}
        extra={
          <Button type="primary" onClick={() => navigate('/auth/login?portal=customer')}>
            {t('signup.checkEmail.continue')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
