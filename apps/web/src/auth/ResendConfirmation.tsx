import MailOutlined from '@ant-design/icons/MailOutlined';
import type { ResendConfirmationPayload } from '@portal/api-client';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { authApi } from './auth-api';
import { AuthText } from './messages';

/**
 * Sends a fresh confirmation email: by the link's token when the visitor came from one
 * (proof they received it), otherwise by the email address they type.
 */
export function ResendConfirmation({ token }: { token: string | null }) {
  const { notification } = useFeedback();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });

  const send = () => {
    let request: ResendConfirmationPayload;
    if (token) {
      request = { token };
    } else {
      const address = email.trim();
      if (!address) {
        notification.warning({ title: AuthText.resendEmailRequiredTitle, description: AuthText.resendEmailRequired });
        return;
      }
      request = { email: address };
    }
    resend.mutate(request, {
      onSuccess: ({ outcome }) => {
        if (outcome === 'already_confirmed') {
          notification.info({ title: t('confirmation.titles.already_confirmed'), description: AuthText.alreadyConfirmed });
          navigate('/auth/login');
          return;
        }
        notification.success({
          title: t('resend.sentTitle'),
          description: token ? t('resend.sentByLink') : t('resend.sentByEmail'),
        });
      },
      onError: (error) => {
        if (isApiError(error)) {
          notification.error({
            title: t('resend.failedTitle'),
            description: serverMessage(error) ?? t('resend.failed'),
          });
        } else {
          notification.error({ title: t('errorTitle'), description: AuthText.unexpected });
        }
      },
    });
  };

  return (
    <Flex vertical gap={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('resend.intro')}</Typography.Text>
      {!token && (
        <Input
          type="email"
          autoComplete="email"
          aria-label={t('resend.emailLabel')}
          placeholder={t('login.emailPlaceholder')}
          prefix={<MailOutlined />}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onPressEnter={send}
        />
      )}
      <Button onClick={send} loading={resend.isPending} block>
        {resend.isPending ? t('reset.sending') : t('resend.submit')}
      </Button>
    </Flex>
  );
}
