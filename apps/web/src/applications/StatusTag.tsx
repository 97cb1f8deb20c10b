import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { STATUS_LABELS, statusColor } from './labels';

/** An application's or investment's status in spec 02 §4's colours; its own module, so a card showing one does not load the tables. */
export function StatusTag({ status }: { status: string }) {
  // Loads the namespace the labels read (StatusTag is also shown by the admin screens).
  useTranslation('applications');
  return <Tag color={statusColor(status)}>{STATUS_LABELS[status] ?? status}</Tag>;
}
