import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../ui/date-format';
import { useSettingHistory } from './use-system-settings';

function compact(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Changed fields only, 'field: old → new', so a long value stays readable. */
export function describeChange(previous: unknown, next: unknown): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(previous) && isObject(next)) {
    const fields = [...new Set([...Object.keys(previous), ...Object.keys(next)])];
    return fields.filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(next[field])).map((field) => `${field}: ${compact(previous[field])} → ${compact(next[field])}`);
  }
  return [`${compact(previous)} → ${compact(next)}`];
}

/** A setting's version history: who, when, old → new. Loaded when opened. */
export function SettingHistoryPanel({ settingKey, version }: { settingKey: string; version?: number }) {
  const { t } = useTranslation('system-settings');
  const [open, setOpen] = useState(false);
  const history = useSettingHistory(settingKey, open);
  return (
    <div className="setting-history" style={{ marginTop: 16 }}>
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? t('history.hide') : t('history.show')}
        {version ? ` ${t('history.versionSuffix', { version })}` : ''}
      </Button>
      {open && (
        <List
          size="small"
          loading={history.isLoading}
          aria-label={t('history.of', { key: settingKey })}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} /> }}
          dataSource={history.data?.items ?? []}
          renderItem={(entry) => (
            <List.Item key={entry.version}>
              <div>
                <Typography.Text strong>
                  {t('history.entry', { version: entry.version, who: entry.changedByEmail ?? t('history.unknownAdmin'), when: formatDateTime(entry.changedAt) })}
                </Typography.Text>
                {describeChange(entry.previousValue, entry.value).map((line) => (
                  <div key={line}>
                    <Typography.Text type="secondary">{line}</Typography.Text>
                  </div>
                ))}
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
