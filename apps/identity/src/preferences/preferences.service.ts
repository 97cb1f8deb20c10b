import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, DEFAULT_PREFERENCES, IdentityEvents, Timezone, TIMEZONES, UpdatePreferencesPayload, UserPreferences } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { User } from '../users/user.entity';
import { UserPreferencesRecord } from './user-preferences.entity';

/** Only the known fields of each group, in the contract's order (stored JSON never leaks extra keys). */
function pick<T extends object>(defaults: T, stored: unknown): T {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = source[key as string];
    if (typeof value === typeof defaults[key]) result[key] = value as T[keyof T];
  }
  return result;
}

/** A zone the customer picked, or null: the device's own (the default, which `pick` cannot type-match). */
function storedTimezone(app: unknown): Timezone | null {
  const value = typeof app === 'object' && app !== null ? (app as { timezone?: unknown }).timezone : null;
  return (TIMEZONES as readonly unknown[]).includes(value) ? (value as Timezone) : null;
}

function view(record: UserPreferencesRecord | null): UserPreferences {
  return {
    notifications: pick(DEFAULT_PREFERENCES.notifications, record?.notifications),
    app: { ...pick(DEFAULT_PREFERENCES.app, record?.app), timezone: storedTimezone(record?.app) },
    privacy: pick(DEFAULT_PREFERENCES.privacy, record?.privacy),
    version: record?.version ?? 0,
    updatedAt: record?.updatedAt.toISOString() ?? null,
  };
}

/** Each person's notification, display and privacy choices, kept on the server so they follow them across devices. */
@Injectable()
export class PreferencesService {
  constructor(private readonly dataSource: DataSource) {}

  async get(actor: Actor): Promise<UserPreferences> {
    return view(await this.dataSource.manager.findOneBy(UserPreferencesRecord, { userId: actor.userId }));
  }

  /** Replaces the whole of each group and announces the notification toggles with the new version. */
  update(actor: Actor, payload: UpdatePreferencesPayload): Promise<UserPreferences> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: actor.userId }).getOne();
      if (!user) throw ServiceError.of(404, 'account_deleted');
      const previous = await manager.findOneBy(UserPreferencesRecord, { userId: user.id });
      const next = view({
        userId: user.id,
        notifications: payload.notifications,
        app: payload.app,
        privacy: payload.privacy,
        version: (previous?.version ?? 0) + 1,
        updatedAt: new Date(),
      });
      await manager.save(UserPreferencesRecord, { userId: user.id, notifications: next.notifications, app: next.app, privacy: next.privacy, version: next.version });
      await addToOutbox(manager, IdentityEvents.preferencesChanged, { userId: user.id, notifications: next.notifications, language: next.app.language, version: next.version });
      return view(await manager.findOneByOrFail(UserPreferencesRecord, { userId: user.id }));
    });
  }
}
