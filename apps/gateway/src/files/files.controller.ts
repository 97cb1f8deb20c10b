import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUUID } from 'class-validator';
import { FILE_PURPOSES, isFilePurpose, KYC_FILE_PURPOSE_PREFIX, KycFileCommands, RequestMeta, StoredFile } from '@portal/contracts';
import { fieldRefusal, ServiceCallError, ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { AdminAccessDenial, lacksPermission } from '../auth/admin-access';
import { ApiError } from '../http/api-error';
import { takeOverResponse } from '../http/raw-response';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { FileViewAudit } from './file-view-audit';
import { receiveUpload } from './multipart-upload';


/**
 * How long the completion of an upload is waited for: kyc reads the whole file then (a PDF
 * parsed, a photo decoded, up to 20 s for the largest), longer than a plain command takes.
 */
const UPLOAD_CHECK_WAIT_MS = 30_000;

/** The purpose field, if any; one the portal does not know is refused. */
function purposeOf(fields: Record<string, unknown>): string | undefined {
  const purpose = typeof fields.purpose === 'string' && fields.purpose !== '' ? fields.purpose : undefined;
  if (purpose !== undefined && !isFilePurpose(purpose)) {
    throw ApiError.of(400, 'file_purpose_unknown', { details: [fieldRefusal('purpose', 'file_purpose_unknown')] });
  }
  return purpose;
}

/** No file in the field `file`. */
const fileRequired = () => ApiError.of(400, 'file_required', { details: [fieldRefusal('file', 'file_required')] });

/** Writes `chunk`, resolving once the response has taken it in (at once, or on 'drain'); rejects if the client has gone. */
function drained(res: ServerResponse, chunk: Buffer): Promise<void> {
  if (res.destroyed) return Promise.reject(new Error('The client has gone.'));
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (gone: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (gone) reject(new Error('The client has gone.'));
      else resolve();
    };
    const onDrain = () => settle(false);
    const onClose = () => settle(true);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** A name for Content-Disposition that no header parser can misread. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Uploads and downloads. The kyc service owns the files; NATS messages stay under 1 MB,
 * so the bytes travel in 512 KiB parts, each sent as soon as it has arrived (the gateway
 * never holds a whole file either way); kyc checks the type from the first one, and the
 * whole file once complete.
 */
@ApiTags('files')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/files')
export class FilesController {
  constructor(
    private readonly services: ServiceClient,
    private readonly denial: AdminAccessDenial,
    private readonly views: FileViewAudit,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Upload a PDF, JPG or PNG of at most 10 MB (type checked by content; with a purpose starting kyc: also DOC and DOCX, sent before the file); readable by you and by administrators whose role covers its purpose',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, purpose: { type: 'string', enum: [...FILE_PURPOSES], example: 'application:id_document', description: 'What the file is for: it decides the types it may have, who may read it and where it may be used' } } } })
  @ApiCreatedResponse({ type: StoredFile })
  @ApiErrorResponses(400, 413)
  async upload(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @RequestMetadata() meta: RequestMeta): Promise<StoredFile> {
    const uploadId = randomUUID();
    let partsSent = false;
    try {
      const { file, fields } = await receiveUpload(req, reply, async (bytes, index, before) => {
        // The purpose came before the file (as the web app sends it): an unknown one is refused before any part goes on.
        const purpose = purposeOf(before);
        partsSent = true;
        await this.services.sendWithAttachment(KycFileCommands.storePart, { uploadId, index, purpose }, bytes, meta);
      });
      const purpose = file ? purposeOf(fields) : undefined;
      if (!file) throw fileRequired();
      // No bytes arrived: a KYC document in the Document Upload Center drop zone's words (spec 02 §5), as the browser says it; anything else is asked for again.
      if (file.size === 0) {
        if (purpose?.startsWith(KYC_FILE_PURPOSE_PREFIX)) throw ApiError.of(400, 'kyc_file_too_small', { details: [fieldRefusal('file', 'kyc_file_too_small')] });
        throw fileRequired();
      }
      return await this.services.send(KycFileCommands.completeUpload, { uploadId, parts: file.parts, name: file.originalname || 'document', purpose }, meta, UPLOAD_CHECK_WAIT_MS);
    } catch (error) {
      // kyc makes a file only on completion; the parts of a refused upload are dropped now (kyc's retention drops them anyway if this is lost).
      if (partsSent) void this.services.send(KycFileCommands.abandonUpload, { uploadId }, meta).catch(() => undefined);
      throw error;
    }
  }

  @Get(':id')
  @ApiOperation({
    summary:
      "The file itself, for its owner, or for an administrator whose role has the permission of the file's purpose (kyc: kyc, application: investments, profile photo: users, anything else: super administrators); another administrator gets 403, anyone else 404",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiProduces('application/pdf', 'image/jpeg', 'image/png')
  @ApiOkResponse({ description: 'The file content', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses(403, 404)
  async download(@Param('id') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @RequestMetadata() meta: RequestMeta): Promise<void> {
    if (!isUUID(id)) throw ApiError.of(404, 'file_not_found');
    const { file, first } = await this.opening(id, req, meta);
    const res = takeOverResponse(reply);
    res.statusCode = 200;
    res.setHeader('Content-Type', file.mimeType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', contentDisposition(file.name));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      // Each part goes out as it arrives; the next is asked for while the client takes this one, and
      // not read before it has: a slow client holds the gateway to two parts, never the file.
      let written = drained(res, first);
      for (let index = 1; index < file.parts; index += 1) {
        const [part] = await Promise.all([this.services.send(KycFileCommands.readPart, { fileId: id, index }, meta), written]);
        written = drained(res, part);
      }
      await written;
      res.end();
    } catch {
      // Headers are gone: cut the response short so the client sees an incomplete file, not a wrong one.
      res.destroy();
    }
  }

  /**
   * The file's description and first part. kyc refuses an administrator whose role lacks
   * the permission of the file's purpose (403): that is refused admin access, answered and
   * recorded as a security event the way the admin area records it. An administrator
   * opening someone else's file is recorded in the audit trail before anything is sent
   * (FileViewAudit: 503 and no file when it cannot be); the owner's own download is not.
   */
  private async opening(id: string, req: FastifyRequest, meta: RequestMeta) {
    const file = await this.fromKyc(req, () => this.services.send(KycFileCommands.describe, { fileId: id }, meta));
    const viewer = req.user;
    // An owner kyc did not name is taken for someone else: a view too many recorded, never one missed.
    const recorded = viewer?.userType === 'admin' && file.ownerId !== viewer.userId ? this.views.record(file, meta) : undefined;
    const [first] = await Promise.all([
      file.parts > 0
        ? this.fromKyc(req, () => this.services.send(KycFileCommands.readPart, { fileId: id, index: 0 }, meta))
        : Promise.resolve(Buffer.alloc(0)),
      recorded,
    ]);
    return { file, first };
  }

  /** A kyc call, with its refusal of an administrator answered and recorded as refused admin access. */
  private async fromKyc<T>(req: FastifyRequest, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const actor = req.user;
      if (error instanceof ServiceCallError && error.body.statusCode === 403 && actor?.userType === 'admin') {
        // kyc names the permission the file's purpose needs; a refusal without one is answered in general words.
        const permission = error.body.params?.permission;
        throw this.denial.deny(req, actor, permission ? lacksPermission(permission) : { permission: 'unknown', code: 'forbidden' });
      }
      throw error;
    }
  }
}
