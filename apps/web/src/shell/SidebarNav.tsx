import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Menu, { type MenuProps } from 'antd/es/menu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { useOpenTicketCount } from '../support/use-open-ticket-count';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { activeMenuPath, adminMenu, customerMenu } from './menus';
import { useLogout } from './use-logout';
import { useView } from './view-context';
import { ViewSwitch } from './ViewSwitch';
import { useTranslation } from 'react-i18next';

const LOGOUT_KEY = 'logout';

/** The sidebar's content, shared by the fixed sidebar and the small-screen drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const { view } = useView();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { t } = useTranslation('shell');

  const isAdmin = user?.userType === 'admin';
  const allows = useAdminPermissions();
  // An admin sees only the pages their role's current permissions open.
  const menu = isAdmin && view === 'admin' ? adminMenu.filter((entry) => allows(entry.permission)) : customerMenu;
  // Customer pages are for customers only, so an admin's user view is a preview.
  const preview = isAdmin && view === 'user';

  // The real number of open tickets (spec 01 shows fixed badges; DESIGN.md: real counts).
  const openTickets = useOpenTicketCount(preview || !user || (isAdmin && !allows('tickets')) ? null : isAdmin ? 'all' : 'own');
  const label = (entry: (typeof menu)[number]) =>
    entry.path.endsWith('/support') && openTickets ? (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        {t(entry.label)}
        <Badge count={openTickets} size="small" aria-label={t('menu.openTickets', { count: openTickets })} />
      </span>
    ) : (
      t(entry.label)
    );

  const items: MenuProps['items'] = [
    ...menu.map((entry) => ({ key: entry.path, label: label(entry), icon: entry.icon, disabled: preview })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, label: t('menu.logout'), icon: <LogoutOutlined />, danger: true },
  ];

  const select: MenuProps['onClick'] = ({ key }) => {
    onNavigate?.();
    if (key === LOGOUT_KEY) void logout();
    else navigate(key);
  };

  const selected = activeMenuPath(menu, pathname);
  return (
    <nav aria-label={isAdmin && view === 'admin' ? t('menu.adminMenu') : t('menu.customerMenu')}>
      {isAdmin && <ViewSwitch />}
      {preview && (
        <Alert
          type="info"
          title={t('menu.preview')}
          style={{ margin: '0 16px 8px', fontSize: 13 }}
        />
      )}
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={select}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
