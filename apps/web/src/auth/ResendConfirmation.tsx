import MailOutlined from '@ant-design/icons/MailOutlined';
import type { ResendConfirmationPayload } from '@portal/api-client';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
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
          notification.info({ title: 'Already Confirmed', description: AuthText.alreadyConfirmed });
          navigate('/auth/login');
          return;
        }
        notification.success({
          title: 'Email Sent',
          description: token
            ? 'A new confirmation link is on its way. Please check your inbox.'
            : 'If that address belongs to an account waiting for confirmation, a new link is on its way.',
        });
      },
      onError: (error) => {
        if (isApiError(error)) {
          notification.error({
            title: 'Resend Failed',
            description: serverMessage(error) ?? 'The confirmation email could not be sent. Please try again.',
          });
        } else {
          notification.error({ title: 'Error', description: AuthText.unexpected });
        }
      },
    });
  };

  return (
    <Flex vertical gap={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">Need a new link? We can send you another confirmation email.</Typography.Text>
      {!token && (
        <Input
          type="email"
          autoComplete="email"
          aria-label="Email address"
          placeholder="you@example.com"
          prefix={<MailOutlined />}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onPressEnter={send}
        />
      )}
      <Button onClick={send} loading={resend.isPending} block>
        {resend.isPending ? 'Sending...' : 'Resend Confirmation Email'}
      </Button>
    </Flex>
  );
}
