import { CreateIdentityTables1763800000000 } from './1763800000000-create-identity-tables';
import { SeedSystemSettings1763800000001 } from './1763800000001-seed-system-settings';
import { AddKycStatusVersionAndSettingVersion1763900000000 } from './1763900000000-add-kyc-status-version-and-setting-version';
import { SeedCorporateStructures1764000000600 } from './1764000000600-seed-corporate-structures';
import { AddUserDeletedAt1764100000130 } from './1764100000130-add-user-deleted-at';
import { SeedBiometricVerificationConfig1764100000150 } from './1764100000150-seed-biometric-verification-config';

/** In order; a migration, once committed, is never edited. */
export const identityMigrations = [CreateIdentityTables1763800000000, SeedSystemSettings1763800000001, AddKycStatusVersionAndSettingVersion1763900000000, SeedCorporateStructures1764000000600, AddUserDeletedAt1764100000130, SeedBiometricVerificationConfig1764100000150];
