import MailOutlined from '@ant-design/icons/MailOutlined';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { serverMessage } from '../../api/api-error';
import { authApi } from '../auth-api';
import { AuthLayout } from '../AuthLayout';
import { FormProblem } from '../FormProblem';
import { AuthText } from '../messages';
import { WithStrong } from '../WithStrong';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestReset = useMutation({ mutationFn: authApi.requestPasswordReset });

  if (sentTo) {
    return (
      <AuthLayout title={null} documentTitle={t('reset.sent.documentTitle')}>
        <Result
          status="success"
          icon={<MailOutlined />}
          title={t('reset.sent.title')}
          subTitle={<WithStrong text={(slot) => t('reset.sent.body', { email: slot })} value={sentTo} />}
          extra={
            <Button type="primary" onClick={() => navigate('/auth/login')}>
              {t('reset.sent.backToLogin')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  const submit = ({ email = '' }: { email?: string }) => {
    const address = email.trim();
    setProblem(address ? null : AuthText.resetEmailRequired);
    if (!address) return;
    requestReset.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => setProblem(serverMessage(error) ?? AuthText.unexpected),
    });
  };

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      documentTitle={t('reset.documentTitle')}
    >
      <FormProblem message={problem} />
      <Form layout="vertical" onFinish={submit} requiredMark={false} noValidate>
        <Form.Item label={t('login.email')} name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined />} placeholder={t('login.emailPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={requestReset.isPending}>
          {requestReset.isPending ? t('reset.sending') : t('reset.submit')}
        </Button>
      </Form>
      <Flex justify="center" gap={16} style={{ marginTop: 24 }}>
        <Link to="/auth/login">{t('backToSignIn')}</Link>
        <Link to="/">{t('home')}</Link>
      </Flex>
    </AuthLayout>
  );
}
