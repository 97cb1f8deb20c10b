import { EntityManager } from 'typeorm';
import { notificationGroupOf, PreferencesChangedEvent } from '@portal/contracts';
import { NotificationPreference } from './notification-preference.entity';

/** Applies a preferences-changed event unless a newer version is already kept (repeats and reordering are harmless). */
export async function rememberPreferences(manager: EntityManager, payload: PreferencesChangedEvent): Promise<void> {
  await manager.query(
    `INSERT INTO "notification"."notification_preferences" ("user_id", "topics", "version", "updated_at") VALUES ($1, $2, $3, now())
     ON CONFLICT ("user_id") DO UPDATE SET "topics" = EXCLUDED."topics", "version" = EXCLUDED."version", "updated_at" = now()
     WHERE "notification_preferences"."version" < EXCLUDED."version"`,
    [payload.userId, JSON.stringify(payload.notifications), payload.version],
  );
}

/**
 * Whether the user wants the email or notification an event of this subject causes:
 * security and legally required messages always go; otherwise the toggle of the
 * subject's group (libs/contracts preference-groups) decides.
 */
export async function wantsMessage(manager: EntityManager, userId: string, subject: string): Promise<boolean> {
  const group = notificationGroupOf(subject);
  if (group === 'always') return true;
  const kept = await manager.findOneBy(NotificationPreference, { userId });
  return kept?.topics[group] !== false;
}
