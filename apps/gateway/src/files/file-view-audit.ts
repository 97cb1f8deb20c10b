import { Inject, Injectable } from '@nestjs/common';
import { IdentityCommands, RequestMeta, StoredFileWithParts, userMessage } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';

/** The answer to a download whose audit record could not be written: identity's, as for any of its outages. */
export const FILE_VIEW_AUDIT_UNAVAILABLE = userMessage('service_unavailable', { name: 'identity' });

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
  async record(file: StoredFileWithParts, meta: RequestMeta): Promise<string> {
    try {
      const { id } = await this.services.send(
        IdentityCommands.recordFileView,
        { fileId: file.id, ownerId: file.ownerId ?? null, purpose: file.purpose ?? null, mimeType: file.mimeType, size: file.size },
        meta,
      );
      return id;
    } catch (error) {
      if (error instanceof ServiceCallError && (error.body.statusCode === 401 || error.body.statusCode === 403)) throw error;
      this.logger.warn({ err: error instanceof Error ? error.message : String(error), fileId: file.id, userId: meta.actor?.userId }, 'file download refused: its audit record could not be written');
      throw ApiError.of(503, FILE_VIEW_AUDIT_UNAVAILABLE, { code: 'service_unavailable' });
    }
  }
}
