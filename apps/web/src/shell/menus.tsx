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
  { path: '/admin/users', label: 'User Management', icon: <TeamOutlined /> },
  { path: '/admin/kyc', label: 'KYC & Documents', icon: <AuditOutlined /> },
  { path: '/admin/notifications', label: 'Messaging & Alerts', icon: <NotificationOutlined /> },
  { path: '/admin/investments', label: 'Investment Management', icon: <FundOutlined /> },
  { path: '/admin/transactions', label: 'Transaction Control', icon: <SwapOutlined /> },
  { path: '/admin/reports', label: 'Reports & Analytics', icon: <BarChartOutlined /> },
  { path: '/admin/security', label: 'Security Deposits', icon: <LockOutlined /> },
  { path: '/admin/deposits', label: 'Deposit Management', icon: <WalletOutlined /> },
  { path: '/admin/settings', label: 'System Settings', icon: <SettingOutlined /> },
  { path: '/admin/support', label: 'Support Center', icon: <CustomerServiceOutlined /> },
];

/** The entry whose page is showing: exact match or a page below it. */
export function activeMenuPath(menu: readonly PortalMenuEntry[], pathname: string): string | undefined {
  return menu.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}
