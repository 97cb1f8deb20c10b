import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import Button from 'antd/es/button';
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
        // Plain markup, not antd's Avatar and Typography: Avatar measures its initials' width after
        // mounting, a forced layout of the whole page in the first screen's longest task (issue 30).
        <span className="portal-header-user">
          <span className="portal-avatar" data-testid="header-avatar" aria-hidden="true">
            {photoUrl ? <img src={photoUrl} alt="" /> : initials}
          </span>
          {!compact && (
            <span className="portal-header-identity">
              <strong>
                {user.firstName} {user.lastName}
              </strong>
              <span className="portal-header-role">{user.userType === 'admin' ? t('header.administrator') : t('header.customer')}</span>
            </span>
          )}
        </span>
      )}
    </header>
  );
}
