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
import { isApiError, serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
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
}

const formOf = (profile: Profile): ProfileForm => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone ?? '',
  address: profile.address ?? '',
  dateOfBirth: profile.dateOfBirth ?? '',
  nationality: profile.nationality ?? '',
});

/** Read-only until Edit Profile; Save Changes sends what changed, Cancel puts the stored values back. */
export function ProfileTab() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [form] = Form.useForm<ProfileForm>();
  const [editing, setEditing] = useState(false);

  const save = useMutation({
    mutationFn: (body: ProfileUpdate) => profileApi.update(body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(profileKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      setEditing(false);
      form.setFieldsValue(formOf(saved));
      notification.success({
        message: 'Profile Updated',
        description: body.email ? `Your profile has been updated. We sent a link to ${body.email}: your email changes when you open it.` : 'Your profile has been updated.',
      });
    },
    onError: (error) => {
      if (isApiError(error)) form.setFields(error.details.map((detail) => ({ name: detail.field as keyof ProfileForm, errors: [detail.message] })));
      notification.error({ message: 'Update Failed', description: serverMessage(error) ?? 'Failed to update your profile. Please try again.' });
    },
  });

  if (profile.isError) return <Alert type="error" showIcon message="Failed to load your profile. Please try again." />;
  if (!profile.data) return <Spin />;
  const stored = profile.data;

  const submit = (values: ProfileForm) => {
    const before = formOf(stored);
    const changed: ProfileUpdate = {};
    if (values.firstName !== before.firstName) changed.firstName = values.firstName;
    if (values.lastName !== before.lastName) changed.lastName = values.lastName;
    if (values.email.trim().toLowerCase() !== before.email) changed.email = values.email;
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
      <Card size="small" title="Profile Photo">
        <ProfilePhoto profile={stored} />
      </Card>
      <Card size="small" title="Personal Information">
        {stored.pendingEmail && (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            message={`Waiting for confirmation of ${stored.pendingEmail}`}
            description="Open the link we sent to the new address. Until then your current email stays in use."
          />
        )}
        <Form form={form} layout="vertical" initialValues={formOf(stored)} disabled={!editing} onFinish={submit} requiredMark={false}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="First Name" name="firstName" rules={[{ required: true, whitespace: true, message: 'First name is required' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Last Name" name="lastName" rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Please enter a valid email address' }]}>
                <Input type="email" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Phone" name="phone">
                <Input type="tel" maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="Address" name="address">
                <Input maxLength={300} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Date of Birth" name="dateOfBirth">
                <Input type="date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Nationality" name="nationality">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {editing ? (
          <Flex gap={8}>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              Save Changes
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(formOf(stored));
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </Flex>
        ) : (
          <Button
            onClick={() => {
              form.setFieldsValue(formOf(stored));
              setEditing(true);
            }}
          >
            Edit Profile
          </Button>
        )}
      </Card>
    </Flex>
  );
}
