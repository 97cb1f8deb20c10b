import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import Badge from 'antd/es/badge';
import Menu, { type MenuProps } from 'antd/es/menu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { useOpenTicketCount } from '../support/use-open-ticket-count';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { activeMenuPath, adminMenu, customerMenu } from './menus';
import { useLogout } from './use-logout';
import { ViewAsCustomerButton } from '../customer-view/ViewAsCustomerButton';
import { useTranslation } from 'react-i18next';

const LOGOUT_KEY = 'logout';

/** The sidebar's content, shared by the fixed sidebar and the small-screen drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { t } = useTranslation('shell');

  const isAdmin = user?.userType === 'admin';
  const allows = useAdminPermissions();
  // An admin sees only the pages their role's current permissions open.
  const menu = isAdmin ? adminMenu.filter((entry) => allows(entry.permission)) : customerMenu;

  // The real number of open tickets (spec 01 shows fixed badges; DESIGN.md: real counts).
  const openTickets = useOpenTicketCount(!user || (isAdmin && !allows('tickets')) ? null : isAdmin ? 'all' : 'own');
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
    ...menu.map((entry) => ({ key: entry.path, label: label(entry), icon: entry.icon })),
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
    <nav aria-label={isAdmin ? t('menu.adminMenu') : t('menu.customerMenu')}>
      {/* Spec 01's view switch ("Switch to User View", a greyed customer menu) is replaced on purpose by issue 30's read-only customer view, for admins whose role has the users permission. */}
      {isAdmin && allows('users') && <ViewAsCustomerButton onNavigate={onNavigate} />}
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
