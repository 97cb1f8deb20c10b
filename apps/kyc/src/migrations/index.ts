import { CreateKycEventTables1763700000000 } from './1763700000000-create-kyc-event-tables';
import { CreateKycProfiles1763900000000 } from './1763900000000-create-kyc-profiles';
import { CreateFiles1764000000610 } from './1764000000610-create-files';
import { CreateKycDocuments1764100000120 } from './1764100000120-create-kyc-documents';
import { CreateBiometricSessions1764100000140 } from './1764100000140-create-biometric-sessions';
import { OrderKycOutboxEvents1795700000000 } from './1795700000000-order-kyc-outbox-events';
import { FileStorageLocation1796500000000 } from './1796500000000-file-storage-location';

/** In order; a migration, once committed, is never edited. */
export const kycMigrations = [CreateKycEventTables1763700000000, CreateKycProfiles1763900000000, CreateFiles1764000000610, CreateKycDocuments1764100000120, CreateBiometricSessions1764100000140, OrderKycOutboxEvents1795700000000, FileStorageLocation1796500000000];
