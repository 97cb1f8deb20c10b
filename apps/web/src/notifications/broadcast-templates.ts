import { i18n } from '../i18n/i18n';
import type { BroadcastPayload } from './notifications-api';

type TemplateKey = 'maintenance' | 'welcome' | 'kyc-reminder' | 'security-alert';
interface BroadcastTemplate {
  key: TemplateKey;
  name: string;
  values: Pick<BroadcastPayload, 'title' | 'message' | 'type'>;
}

const TYPES: Record<TemplateKey, BroadcastPayload['type']> = { maintenance: 'warning', welcome: 'success', 'kyc-reminder': 'info', 'security-alert': 'error' };

/**
 * The four templates of spec 02 §2 that prefill the Send Notification dialog, in the
 * administrator's language (catalogue `notifications:templates.<key>`), read when used.
 */
export function broadcastTemplates(): BroadcastTemplate[] {
  return (Object.keys(TYPES) as TemplateKey[]).map((key) => ({
    key,
    name: i18n.t(`notifications:templates.${key}.name`),
    values: { title: i18n.t(`notifications:templates.${key}.title`), message: i18n.t(`notifications:templates.${key}.message`), type: TYPES[key] },
  }));
}
