import CameraOutlined from '@ant-design/icons/CameraOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, profileApi, profileKey, usePhotoUrl, type Profile } from './profile-api';

/** "Title: description" from the server, as the spec's toasts show them. */
function toast(message: string, fallbackTitle: string): { title: string; description?: string } {
  const [title, ...rest] = message.split(': ');
  return rest.length > 0 ? { title, description: rest.join(': ') } : { title: fallbackTitle, description: message };
}

/** The profile photo with Change Photo: checked here for a quick answer, and by content on the server. */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const photoUrl = usePhotoUrl(profile.photoFileId);
  // Spec 02 §8 texts, word for word in English (catalogue `account-settings`, photo.*).
  const { t } = useTranslation('account-settings');
  const upload = useMutation({
    mutationFn: profileApi.uploadPhoto,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      notification.success({ title: t('photo.updated'), description: t('photo.updatedBody') });
    },
    onError: (error) => notification.error(toast(serverMessage(error) ?? t('photo.uploadFailed'), t('photo.uploadFailedTitle'))),
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      notification.error({ title: t('photo.invalidTypeTitle'), description: t('photo.invalidType') });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      notification.error({ title: t('photo.tooLargeTitle'), description: t('photo.tooLarge') });
      return;
    }
    upload.mutate(file);
  };

  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
  return (
    <Flex align="center" gap={16}>
      <Avatar size={72} src={photoUrl} alt={photoUrl ? t('photo.alt') : undefined} style={{ backgroundColor: '#13315c' }}>
        {initials}
      </Avatar>
      <div>
        <input ref={input} type="file" accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif" aria-label={t('photo.fileLabel')} hidden onChange={(event) => choose(event.target.files?.[0])} />
        <Button icon={<CameraOutlined />} loading={upload.isPending} onClick={() => input.current?.click()}>
          {t('photo.change')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('photo.hint')}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}
