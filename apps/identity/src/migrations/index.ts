import { CreateIdentityTables1763800000000 } from './1763800000000-create-identity-tables';
import { SeedSystemSettings1763800000001 } from './1763800000001-seed-system-settings';
import { AddKycStatusVersionAndSettingVersion1763900000000 } from './1763900000000-add-kyc-status-version-and-setting-version';
import { SeedCorporateStructures1764000000600 } from './1764000000600-seed-corporate-structures';
import { AddUserDeletedAt1764100000130 } from './1764100000130-add-user-deleted-at';
import { SeedBiometricVerificationConfig1764100000150 } from './1764100000150-seed-biometric-verification-config';
import { AddAccountSecurity1795473859082 } from './1795473859082-add-account-security';
import { CreateUserPreferences1795473872492 } from './1795473872492-create-user-preferences';
import { CreateSystemSettingChanges1795474062292 } from './1795474062292-create-system-setting-changes';
import { SeedGeneralFinancialSecuritySettings1795474062293 } from './1795474062293-seed-general-financial-security-settings';
import { AddAuditLogFilterIndexes1795474177604 } from './1795474177604-add-audit-log-filter-indexes';
import { AddProfileFieldsAndEmailChangeTokens1795474325390 } from './1795474325390-add-profile-fields-and-email-change-tokens';
import { AddUserSearchIndex1795475100000 } from './1795475100000-add-user-search-index';
import { AddEmailChangeTokenExpiryIndex1795475300000 } from './1795475300000-add-email-change-token-expiry-index';
import { AddRefreshTokenRevokedForReuse1795475300001 } from './1795475300001-add-refresh-token-revoked-for-reuse';
import { OrderIdentityOutboxEvents1795700000000 } from './1795700000000-order-identity-outbox-events';
import { AddSessionEndTokens1796200000000 } from './1796200000000-add-session-end-tokens';
import { CreatePasskeys1796100000000 } from './1796100000000-create-passkeys';
import { CreateSignInProofs1796300000000 } from './1796300000000-create-sign-in-proofs';

/** In order; a migration, once committed, is never edited. */
export const identityMigrations = [
  CreateIdentityTables1763800000000,
  SeedSystemSettings1763800000001,
  AddKycStatusVersionAndSettingVersion1763900000000,
  SeedCorporateStructures1764000000600,
  AddUserDeletedAt1764100000130,
  SeedBiometricVerificationConfig1764100000150,
  AddAccountSecurity1795473859082,
  CreateUserPreferences1795473872492,
  CreateSystemSettingChanges1795474062292,
  SeedGeneralFinancialSecuritySettings1795474062293,
  AddAuditLogFilterIndexes1795474177604,
  AddProfileFieldsAndEmailChangeTokens1795474325390,
  AddUserSearchIndex1795475100000,
  AddEmailChangeTokenExpiryIndex1795475300000,
  AddRefreshTokenRevokedForReuse1795475300001,
  OrderIdentityOutboxEvents1795700000000,
  CreatePasskeys1796100000000,
  AddSessionEndTokens1796200000000,
  CreateSignInProofs1796300000000,
];
