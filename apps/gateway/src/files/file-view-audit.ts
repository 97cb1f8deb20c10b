import { Inject, Injectable } from '@nestjs/common';
import { IdentityCommands, RequestMeta, StoredFileWithParts } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { recordedBeforeSending } from '../exports/export-audit';

/**
 * An administrator opening another person's file (a passport, a proof of address, an
 * application's document) is written to identity's audit trail before its first byte
 * leaves, as an admin file export is (ExportAudit): who, which file, whose, what for, what
 * type; never the file's name, which may hold personal data. When the record cannot be
 * written the download is refused with 503 and nothing is sent. Identity's refusal of the
 * admin (suspended or demoted since the token was issued) is passed on as it is.
 */
@Injectable()
export class FileViewAudit {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Resolves with the audit record's id; rejects with a 503 ApiError when there is none. */
  record(file: StoredFileWithParts, meta: RequestMeta): Promise<string> {
    return recordedBeforeSending(
      () =>
        this.services.send(
          IdentityCommands.recordFileView,
          { fileId: file.id, ownerId: file.ownerId ?? null, purpose: file.purpose ?? null, mimeType: file.mimeType, size: file.size },
          meta,
        ),
      this.logger,
      { fileId: file.id, userId: meta.actor?.userId },
      'file download refused: its audit record could not be written',
    );
  }
}
