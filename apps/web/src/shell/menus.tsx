import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { ReactNode } from 'react';

/** One sidebar entry. No badges yet: real counts arrive with the features that own them. */
export interface PortalMenuEntry {
  path: string;
  /** Key of the entry's name in the `shell` catalogue (menu.*). */
  label: string;
  icon: ReactNode;
  /** The admin permission the page needs (admin_roles setting); none: every admin. */
  permission?: string;
}

export const customerMenu: readonly PortalMenuEntry[] = [
  { path: '/app/dashboard', label: 'menu.app.dashboard', icon: <DashboardOutlined /> },
  { path: '/app/investments', label: 'menu.app.investments', icon: <FundOutlined /> },
  { path: '/app/portfolio', label: 'menu.app.portfolio', icon: <PieChartOutlined /> },
  { path: '/app/transactions', label: 'menu.app.transactions', icon: <HistoryOutlined /> },
  { path: '/app/deposit', label: 'menu.app.deposit', icon: <WalletOutlined /> },
  { path: '/app/withdraw', label: 'menu.app.withdraw', icon: <BankOutlined /> },
  { path: '/app/investment-lock', label: 'menu.app.investmentLock', icon: <LockOutlined /> },
  { path: '/app/card-requests', label: 'menu.app.cardRequests', icon: <CreditCardOutlined /> },
  { path: '/app/documents', label: 'menu.app.documents', icon: <FileTextOutlined /> },
  { path: '/app/verification', label: 'menu.app.verification', icon: <SafetyCertificateOutlined /> },
  { path: '/app/support', label: 'menu.app.support', icon: <CustomerServiceOutlined /> },
  { path: '/app/settings', label: 'menu.app.settings', icon: <SettingOutlined /> },
];

export const adminMenu: readonly PortalMenuEntry[] = [
  { path: '/admin/dashboard', label: 'menu.admin.dashboard', icon: <DashboardOutlined /> },
  { path: '/admin/users', label: 'menu.admin.users', icon: <TeamOutlined />, permission: 'users' },
  { path: '/admin/kyc', label: 'menu.admin.kyc', icon: <AuditOutlined />, permission: 'kyc' },
  { path: '/admin/notifications', label: 'menu.admin.notifications', icon: <NotificationOutlined />, permission: 'notifications' },
  { path: '/admin/investments', label: 'menu.admin.investments', icon: <FundOutlined />, permission: 'investments' },
  { path: '/admin/transactions', label: 'menu.admin.transactions', icon: <SwapOutlined />, permission: 'transactions' },
  { path: '/admin/reports', label: 'menu.admin.reports', icon: <BarChartOutlined />, permission: 'reports' },
  { path: '/admin/security', label: 'menu.admin.security', icon: <LockOutlined />, permission: 'transactions' },
  { path: '/admin/deposits', label: 'menu.admin.deposits', icon: <WalletOutlined />, permission: 'transactions' },
  { path: '/admin/cards', label: 'menu.admin.cards', icon: <CreditCardOutlined />, permission: 'transactions' },
  { path: '/admin/settings', label: 'menu.admin.settings', icon: <SettingOutlined />, permission: 'settings' },
  { path: '/admin/webhooks', label: 'menu.admin.webhooks', icon: <ApiOutlined />, permission: 'settings' },
  { path: '/admin/support', label: 'menu.admin.support', icon: <CustomerServiceOutlined />, permission: 'tickets' },
];

/** The entry whose page is showing: exact match or a page below it. */
export function activeMenuPath(menu: readonly PortalMenuEntry[], pathname: string): string | undefined {
  return menu.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
