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
  label: string;
  icon: ReactNode;
  /** The admin permission the page needs (admin_roles setting); none: every admin. */
  permission?: string;
}

export const customerMenu: readonly PortalMenuEntry[] = [
  { path: '/app/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/app/investments', label: 'My Investments', icon: <FundOutlined /> },
  { path: '/app/portfolio', label: 'Investment Portfolio', icon: <PieChartOutlined /> },
  { path: '/app/transactions', label: 'Transaction History', icon: <HistoryOutlined /> },
  { path: '/app/deposit', label: 'Deposit Funds', icon: <WalletOutlined /> },
  { path: '/app/withdraw', label: 'Withdrawal Management', icon: <BankOutlined /> },
  { path: '/app/investment-lock', label: 'Investment Protection', icon: <LockOutlined /> },
  { path: '/app/card-requests', label: 'Card Requests', icon: <CreditCardOutlined /> },
  { path: '/app/documents', label: 'Document Management', icon: <FileTextOutlined /> },
  { path: '/app/verification', label: 'Account Verification', icon: <SafetyCertificateOutlined /> },
  { path: '/app/support', label: 'Support Center', icon: <CustomerServiceOutlined /> },
  { path: '/app/settings', label: 'Account Settings', icon: <SettingOutlined /> },
];

export const adminMenu: readonly PortalMenuEntry[] = [
  { path: '/admin/dashboard', label: 'Dashboard Overview', icon: <DashboardOutlined /> },
  { path: '/admin/users', label: 'User Management', icon: <TeamOutlined />, permission: 'users' },
  { path: '/admin/kyc', label: 'KYC & Documents', icon: <AuditOutlined />, permission: 'kyc' },
  { path: '/admin/notifications', label: 'Messaging & Alerts', icon: <NotificationOutlined />, permission: 'notifications' },
  { path: '/admin/investments', label: 'Investment Management', icon: <FundOutlined />, permission: 'investments' },
  { path: '/admin/transactions', label: 'Transaction Control', icon: <SwapOutlined />, permission: 'transactions' },
  { path: '/admin/reports', label: 'Reports & Analytics', icon: <BarChartOutlined />, permission: 'reports' },
  { path: '/admin/security', label: 'Security Deposits', icon: <LockOutlined />, permission: 'transactions' },
  { path: '/admin/deposits', label: 'Deposit Management', icon: <WalletOutlined />, permission: 'transactions' },
  { path: '/admin/cards', label: 'Card Requests', icon: <CreditCardOutlined />, permission: 'transactions' },
  { path: '/admin/settings', label: 'System Settings', icon: <SettingOutlined />, permission: 'settings' },
  { path: '/admin/support', label: 'Support Center', icon: <CustomerServiceOutlined />, permission: 'tickets' },
];

/** The entry whose page is showing: exact match or a page below it. */
export function activeMenuPath(menu: readonly PortalMenuEntry[], pathname: string): string | undefined {
  return menu.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
