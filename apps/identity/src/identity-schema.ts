import { eventEntities } from '@portal/messaging';
import { KnownSignInDevice, RecoveryCode, UserSecurity } from './account-security/account-security.entities';
import { AuditLog } from './audit/audit-log.entity';
import { EmailConfirmationToken } from './email-confirmation/email-confirmation-token.entity';
import { identityMigrations } from './migrations';
import { EmailChangeToken } from './profile/email-change-token.entity';
import { Passkey } from './passkeys/passkey.entity';
import { UserPreferencesRecord } from './preferences/user-preferences.entity';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { RefreshToken } from './sessions/refresh-token.entity';
import { SessionEndToken } from './sessions/session-end-token.entity';
import { SignInProofRecord } from './sessions/sign-in-proof.entity';
import { SystemSetting } from './settings/system-setting.entity';
import { SystemSettingChange } from './settings/system-setting-change.entity';
import { User } from './users/user.entity';

/** The PostgreSQL schema identity owns; no other service reads or writes it. */
export const IDENTITY_SCHEMA = 'identity';

export const identityEntities = [...eventEntities, User, EmailConfirmationToken, RefreshToken, PasswordResetToken, AuditLog, SystemSetting, SystemSettingChange, UserSecurity, RecoveryCode, KnownSignInDevice, UserPreferencesRecord, EmailChangeToken, Passkey, SessionEndToken, SignInProofRecord];

export { identityMigrations };
