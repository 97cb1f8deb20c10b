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
import { Link, useNavigate } from 'react-router-dom';
import { useRegistrationsOpen } from '../../settings/use-public-settings';
import { AuthLayout } from '../AuthLayout';
import { FormProblem } from '../FormProblem';
import { signupProblem, type SignupFields } from '../form-rules';
import { RedirectSignedIn } from '../RedirectSignedIn';
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
      title="Create your account"
      subtitle="Open a customer account to apply for investments and manage your portfolio."
      documentTitle="Create account"
    >
      {!registrationsOpen && (
        <Alert
          type="warning"
          showIcon
          title="New registrations are currently closed. Please try again later."
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
        <Form.Item label="Account type" name="userType">
          <Radio.Group options={[{ label: 'Customer', value: 'customer' }]} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="firstName">
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="lastName">
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined />} placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" extra="At least 6 characters.">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirmPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={signup.isPending}>
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
      <Divider />
      <Flex vertical gap={8} align="center">
        <Typography.Text>
          Already have an account? <Link to="/auth/login?portal=customer">Sign in</Link>
        </Typography.Text>
        <Link to="/">Back to home</Link>
      </Flex>
    </AuthLayout>
  );
}

function AccountCreated({ email }: { email: string }) {
  const navigate = useNavigate();
  return (
    <AuthLayout title={null} documentTitle="Account created">
      <Result
        status="success"
        title="Account Created!"
        subTitle={
          <>
            We have sent a confirmation link to <strong>{email}</strong>. Please confirm your email from the link
            sent to you before signing in. The link is valid for 24 hours.
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/auth/login?portal=customer')}>
            Continue to Login
          </Button>
        }
      />
    </AuthLayout>
  );
}
