import { EntityManager } from 'typeorm';
import { Language, notificationGroupOf, PreferencesChangedEvent } from '@portal/contracts';
import { NotificationPreference } from './notification-preference.entity';

/**
 * Applies a preferences-changed event unless a newer version is already kept (repeats and
 * reordering are harmless). An event without a language (published before emails were
 * translated) keeps the language already known.
 */
export async function rememberPreferences(manager: EntityManager, payload: PreferencesChangedEvent): Promise<void> {
  await manager.query(
    `INSERT INTO "notification"."notification_preferences" ("user_id", "topics", "language", "version", "updated_at") VALUES ($1, $2, COALESCE($3, 'en'), $4, now())
     ON CONFLICT ("user_id") DO UPDATE SET "topics" = EXCLUDED."topics", "language" = COALESCE($3, "notification_preferences"."language"), "version" = EXCLUDED."version", "updated_at" = now()
     WHERE "notification_preferences"."version" < EXCLUDED."version"`,
    [payload.userId, JSON.stringify(payload.notifications), payload.language ?? null, payload.version],
  );
}

/** The language a user's emails and in-app notifications are written in: their saved choice, English before they made one. */
export async function preferredLanguageOf(manager: EntityManager, userId: string): Promise<Language> {
  const kept = await manager.findOne(NotificationPreference, { where: { userId }, select: { language: true } });
  return kept?.language ?? 'en';
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
