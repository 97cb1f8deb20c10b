import { EntityManager } from 'typeorm';
import { Language, NotificationPreferences, notificationGroupOf, PreferencesChangedEvent } from '@portal/contracts';
import type { Recipient } from '../inbox/recipient.entity';
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

/** What an event's messages to one user depend on: their address (if identity told us), language and toggles. */
export interface Addressee {
  recipient: Recipient | null;
  language: Language;
  /** As wantsMessage: security and legally required messages always go, otherwise the subject's group decides. */
  wants(subject: string): boolean;
}

/**
 * The addressee in one statement instead of three entity reads; it runs for every event
 * that notifies or emails someone, inside the event's transaction.
 */
export async function addresseeOf(manager: EntityManager, userId: string): Promise<Addressee> {
  const [row]: { email: string | null; first_name: string | null; user_type: Recipient['userType'] | null; topics: NotificationPreferences | null; language: Language | null }[] = await manager.query(
    `SELECT r.email, r.first_name, r.user_type, p.topics, p.language
     FROM (SELECT $1::uuid AS user_id) u
     LEFT JOIN "notification"."recipients" r ON r.user_id = u.user_id
     LEFT JOIN "notification"."notification_preferences" p ON p.user_id = u.user_id`,
    [userId],
  );
  const topics = row?.topics ?? null;
  return {
    recipient: row?.email ? { userId, email: row.email, firstName: row.first_name ?? '', userType: row.user_type as Recipient['userType'] } : null,
    language: row?.language ?? 'en',
    wants(subject: string) {
      const group = notificationGroupOf(subject);
      return group === 'always' || topics?.[group] !== false;
    },
  };
}
