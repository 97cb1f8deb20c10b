import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsUUID, Min, ValidateIf, ValidateNested } from 'class-validator';
import { refusal } from '../common/refusal';

/** Spec 02 §3 Preferences and §2 Customer Settings: the choices the settings screen offers. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const PREFERENCE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type PreferenceCurrency = (typeof PREFERENCE_CURRENCIES)[number];
/** New York, Chicago, Denver and Los Angeles, as IANA zones. */
export const TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'] as const;
export type Timezone = (typeof TIMEZONES)[number];

/** The six notification toggles, by their spec names. */
export const NOTIFICATION_TOPICS = ['investmentUpdates', 'marketAlerts', 'accountActivity', 'promotions', 'weeklyReports', 'monthlyStatements'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const PRIVACY_SETTINGS = ['dataSharing', 'marketingEmails', 'analyticsTracking', 'cookiePreferences', 'thirdPartyIntegrations'] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

const bool = (name: string) => refusal('setting_not_boolean', { field: name });
const oneOf = (name: string, values: readonly string[]) => refusal('preference_choice_invalid', { field: name, choices: values.join(', ') });

export class NotificationPreferences {
  @ApiProperty() @IsBoolean(bool('investmentUpdates')) investmentUpdates: boolean;
  @ApiProperty() @IsBoolean(bool('marketAlerts')) marketAlerts: boolean;
  @ApiProperty() @IsBoolean(bool('accountActivity')) accountActivity: boolean;
  @ApiProperty() @IsBoolean(bool('promotions')) promotions: boolean;
  @ApiProperty() @IsBoolean(bool('weeklyReports')) weeklyReports: boolean;
  @ApiProperty() @IsBoolean(bool('monthlyStatements')) monthlyStatements: boolean;
}

export class AppPreferences {
  @ApiProperty({ enum: THEMES }) @IsIn(THEMES, oneOf('theme', THEMES)) theme: Theme;
  @ApiProperty({ enum: LANGUAGES }) @IsIn(LANGUAGES, oneOf('language', LANGUAGES)) language: Language;
  @ApiProperty({ enum: PREFERENCE_CURRENCIES }) @IsIn(PREFERENCE_CURRENCIES, oneOf('currency', PREFERENCE_CURRENCIES)) currency: PreferenceCurrency;
  /**
   * null: dates follow the device's own time zone (issue 30: what Settings shows before a
   * customer picks a zone is what applies). Required all the same: null is said, not implied.
   */
  @ApiProperty({ enum: TIMEZONES, nullable: true, description: "null: the device's own time zone" })
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsIn(TIMEZONES, oneOf('timezone', TIMEZONES))
  timezone: Timezone | null;
}

export class PrivacyPreferences {
  @ApiProperty() @IsBoolean(bool('dataSharing')) dataSharing: boolean;
  @ApiProperty() @IsBoolean(bool('marketingEmails')) marketingEmails: boolean;
  @ApiProperty() @IsBoolean(bool('analyticsTracking')) analyticsTracking: boolean;
  @ApiProperty() @IsBoolean(bool('cookiePreferences')) cookiePreferences: boolean;
  @ApiProperty() @IsBoolean(bool('thirdPartyIntegrations')) thirdPartyIntegrations: boolean;
}

/** `PUT /me/preferences`: the whole of each group (a PUT replaces). */
export class UpdatePreferencesPayload {
  @ApiProperty({ type: NotificationPreferences })
  @IsObject(refusal('notification_preferences_required'))
  @ValidateNested()
  @Type(() => NotificationPreferences)
  notifications: NotificationPreferences;

  @ApiProperty({ type: AppPreferences })
  @IsObject(refusal('app_preferences_required'))
  @ValidateNested()
  @Type(() => AppPreferences)
  app: AppPreferences;

  @ApiProperty({ type: PrivacyPreferences })
  @IsObject(refusal('privacy_preferences_required'))
  @ValidateNested()
  @Type(() => PrivacyPreferences)
  privacy: PrivacyPreferences;
}

export class UserPreferences {
  @ApiProperty({ type: NotificationPreferences }) notifications: NotificationPreferences;
  @ApiProperty({ type: AppPreferences }) app: AppPreferences;
  @ApiProperty({ type: PrivacyPreferences }) privacy: PrivacyPreferences;
  @ApiProperty({ description: 'Grows with each saved change; 0 while the defaults apply' }) version: number;
  @ApiProperty({ nullable: true, type: String, description: 'ISO-8601; null while the defaults apply' }) updatedAt: string | null;
}

/** What applies before a customer saves anything (spec 02 §9: analytics and cookies on, other privacy toggles off). */
export const DEFAULT_PREFERENCES: Pick<UserPreferences, 'notifications' | 'app' | 'privacy'> = {
  notifications: { investmentUpdates: true, marketAlerts: true, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true },
  app: { theme: 'light', language: 'en', currency: 'USD', timezone: null },
  privacy: { dataSharing: false, marketingEmails: false, analyticsTracking: true, cookiePreferences: true, thirdPartyIntegrations: false },
};

/**
 * A customer saved their preferences. The notification service keeps the notification
 * toggles and the language of emails as a read model; `version` grows with each save, so
 * an older one never wins.
 */
export class PreferencesChangedEvent {
  @IsUUID() userId: string;
  @IsDefined() @ValidateNested() @Type(() => NotificationPreferences) notifications: NotificationPreferences;
  /** Absent in events published before emails were translated: the kept language stays. */
  @IsOptional() @IsIn(LANGUAGES) language?: Language;
  @IsInt() @Min(1) version: number;
}
