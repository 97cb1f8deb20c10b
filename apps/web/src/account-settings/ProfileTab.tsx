import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { plainNameRule } from '../ui/name-rule';
import { ProfilePhoto } from './ProfilePhoto';
import { profileApi, profileKey, useProfile, type Profile, type ProfileUpdate } from './profile-api';

interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  nationality: string;
  /** Asked for only while the email differs from the stored one. */
  currentPassword: string;
}

const formOf = (profile: Profile): ProfileForm => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone ?? '',
  address: profile.address ?? '',
  dateOfBirth: profile.dateOfBirth ?? '',
  nationality: profile.nationality ?? '',
  currentPassword: '',
});

/** Whether the email typed is another address than the stored one (the server compares them trimmed and in lower case). */
const isNewEmail = (typed: string | undefined, stored: string) => typed !== undefined && typed.trim().toLowerCase() !== stored.toLowerCase();

/**
 * Read-only until Edit Profile; Save Changes sends what changed, Cancel puts the stored values back.
 * A new email also needs the current password: the field appears as soon as the address differs.
 */
export function ProfileTab() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [form] = Form.useForm<ProfileForm>();
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation('account-settings');
  const typedEmail = Form.useWatch('email', form);

  const save = useMutation({
    mutationFn: (body: ProfileUpdate) => profileApi.update(body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(profileKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      setEditing(false);
      form.setFieldsValue(formOf(saved));
      notification.success({
        title: t('profile.updatedTitle'),
        description: body.email ? t('profile.updatedEmailPending', { email: body.email }) : t('profile.updated'),
      });
    },
    onError: (error) => {
      if (isApiError(error)) form.setFields(error.details.map((detail) => ({ name: detail.field as keyof ProfileForm, errors: [detail.message] })));
      notification.error({ title: t('profile.updateFailedTitle'), description: serverMessage(error) ?? t('profile.updateFailed') });
    },
  });

  if (profile.isError) return <Alert type="error" showIcon title={t('profile.loadFailed')} />;
  if (!profile.data) return <Spin />;
  const stored = profile.data;
  const asksForPassword = editing && isNewEmail(typedEmail, stored.email);

  const submit = (values: ProfileForm) => {
    const before = formOf(stored);
    const changed: ProfileUpdate = {};
    if (values.firstName !== before.firstName) changed.firstName = values.firstName;
    if (values.lastName !== before.lastName) changed.lastName = values.lastName;
    if (isNewEmail(values.email, before.email)) {
      changed.email = values.email;
      changed.currentPassword = values.currentPassword;
    }
    for (const field of ['phone', 'address', 'dateOfBirth', 'nationality'] as const) {
      if (values[field] !== before[field]) changed[field] = values[field] || null;
    }
    if (Object.keys(changed).length === 0) {
      setEditing(false);
      return;
    }
    save.mutate(changed);
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('profile.photoTitle')}>
        <ProfilePhoto profile={stored} />
      </Card>
      <Card size="small" title={t('profile.personalInformation')}>
        {stored.pendingEmail && (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={t('profile.pendingEmail', { email: stored.pendingEmail })}
            description={t('profile.pendingEmailHint')}
          />
        )}
        <Form form={form} layout="vertical" initialValues={formOf(stored)} disabled={!editing} onFinish={submit} requiredMark={false}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.firstName')} name="firstName" rules={[{ required: true, whitespace: true, message: t('profile.firstNameRequired') }, plainNameRule]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.lastName')} name="lastName" rules={[{ required: true, whitespace: true, message: t('profile.lastNameRequired') }, plainNameRule]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.email')} name="email" rules={[{ required: true, type: 'email', message: t('profile.emailInvalid') }]}>
                <Input type="email" maxLength={254} />
              </Form.Item>
            </Col>
            {asksForPassword && (
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('profile.currentPassword')}
                  name="currentPassword"
                  extra={t('profile.currentPasswordHint')}
                  rules={[{ required: true, message: t('profile.currentPasswordRequired') }]}
                >
                  <Input.Password autoComplete="current-password" maxLength={128} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.phone')} name="phone">
                <Input type="tel" maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('profile.address')} name="address">
                <Input maxLength={300} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.dateOfBirth')} name="dateOfBirth">
                <Input type="date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('profile.nationality')} name="nationality">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {editing ? (
          <Flex gap={8}>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('profile.save')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(formOf(stored));
                setEditing(false);
              }}
            >
              {t('profile.cancel')}
            </Button>
          </Flex>
        ) : (
          <Button
            onClick={() => {
              form.setFieldsValue(formOf(stored));
              setEditing(true);
            }}
          >
            {t('profile.edit')}
          </Button>
        )}
      </Card>
    </Flex>
  );
}
