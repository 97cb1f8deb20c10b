import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { usePhotoUrl, useProfile } from '../account-settings/profile-api';
import { useAuth } from '../auth/AuthProvider';
import { BrandMark } from '../ui/BrandMark';
import { NotificationBell } from './NotificationBell';

interface PortalHeaderProps {
  /** Small screens: the menu lives in a drawer and the brand moves into the header. */
  compact: boolean;
  sidebarCollapsed: boolean;
  onToggleMenu: () => void;
}

export function PortalHeader({ compact, sidebarCollapsed, onToggleMenu }: PortalHeaderProps) {
  const { user: sessionUser } = useAuth();
  const { t } = useTranslation('shell');
  // The stored profile shows a name or photo changed in Account Settings at once.
  const profile = useProfile(Boolean(sessionUser)).data;
  const photoUrl = usePhotoUrl(profile?.photoFileId);
  const user = sessionUser && profile ? { ...sessionUser, firstName: profile.firstName, lastName: profile.lastName } : sessionUser;
  const toggleIcon = compact ? <MenuOutlined /> : sidebarCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() : '';

  return (
    <header className="portal-header">
      <Button type="text" icon={toggleIcon} aria-label={t('header.toggleMenu')} onClick={onToggleMenu} />
      {compact && <BrandMark />}
      <span className="portal-header-spacer" />
      <NotificationBell />
      {user && (
        <Flex align="center" gap={8}>
          <Avatar style={{ backgroundColor: '#13315c' }} src={photoUrl} data-testid="header-avatar" aria-hidden="true">
            {initials}
          </Avatar>
          {!compact && (
            <Flex vertical style={{ lineHeight: 1.2 }}>
              <Typography.Text strong>
                {user.firstName} {user.lastName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {user.userType === 'admin' ? t('header.administrator') : t('header.customer')}
              </Typography.Text>
            </Flex>
          )}
        </Flex>
      )}
    </header>
  );
}
