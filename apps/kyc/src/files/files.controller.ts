import { Controller } from '@nestjs/common';
import {
  Actor,
  APPLICATION_FILE_PURPOSE_PREFIX,
  CompleteFileUploadPayload,
  FILE_PART_BYTES,
  FileIdPayload,
  KYC_FILE_PURPOSE_PREFIX,
  FilePart,
  KycFileCommands,
  MAX_FILE_BYTES,
  missingPermissionRefusal,
  OwnedFilesPayload,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MIME_TYPES,
  PROFILE_PHOTO_PURPOSE,
  ReadFilePartPayload,
  StoredFile,
  StoredFiles,
  StoredFileWithParts,
  StoreFilePartPayload,
  UploadIdPayload,
  UserMessageCode,
} from '@portal/contracts';
import { adminRoleAllowsNow, CommandActor, CommandAttachment, CommandPayload, HandlesCommand, PlatformSettings, ServiceError } from '@portal/messaging';
import { isWellFormed } from './file-structure';
import { detectFileType, safeFileName } from './file-types';
import { FileRecords } from './file-records';
import { FileStore } from './storage/file-store';
import { StoredFileRecord } from './stored-file.entity';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
}

const isKyc = (purpose: string | null | undefined) => !!purpose && purpose.startsWith(KYC_FILE_PURPOSE_PREFIX);
const isPhoto = (purpose: string | null | undefined) => purpose === PROFILE_PHOTO_PURPOSE;
/** KYC documents also take DOC and DOCX (spec 02 §5) and say so in the drop-zone's words; a profile photo says the photo's. */
const typeRefusal = (purpose: string | null | undefined): UserMessageCode => (isPhoto(purpose) ? 'invalid_photo' : isKyc(purpose) ? 'invalid_kyc_file_type' : 'invalid_file_type');

/** The type the content shows, if the purpose accepts it: a profile photo is a JPG, PNG or GIF only. */
function acceptedType(content: Buffer, purpose: string | null | undefined, complete = false) {
  const type = detectFileType(content, { office: isKyc(purpose), gif: isPhoto(purpose), complete });
  if (type && isPhoto(purpose) && !PROFILE_PHOTO_MIME_TYPES.includes(type)) return null;
  return type;
}

/** 2 MB for a profile photo, 10 MB for anything else; a KYC document says so in the drop-zone's words. */
function sizeLimit(purpose: string | null | undefined): { bytes: number; code: UserMessageCode } {
  if (isPhoto(purpose)) return { bytes: PROFILE_PHOTO_MAX_BYTES, code: 'photo_too_large' };
  if (isKyc(purpose)) return { bytes: MAX_FILE_BYTES, code: 'kyc_file_too_large' };
  return { bytes: MAX_FILE_BYTES, code: 'file_too_large' };
}

/**
 * The admin permission that reads another person's file, by what the file is for: a KYC
 * document (or biometric still) is KYC work, an application's document is investments
 * work, a profile photo is user management. A file for anything else (or for nothing
 * named) is for super administrators only.
 */
export function filePermission(purpose: string | null | undefined): string {
  if (isKyc(purpose)) return 'kyc';
  if (purpose?.startsWith(APPLICATION_FILE_PURPOSE_PREFIX)) return 'investments';
  if (isPhoto(purpose)) return 'users';
  return 'all';
}

/** The gateway's refusal of an admin role without an endpoint's permission; the permission travels in params for its security record. */
function permissionRefusal(permission: string): ServiceError {
  const { code, params } = missingPermissionRefusal(permission);
  return ServiceError.of(403, code, { params });
}

function view(file: StoredFileRecord): StoredFile {
  return { id: file.id, name: file.name, size: file.size, mimeType: file.mimeType, purpose: file.purpose, createdAt: file.createdAt.toISOString() };
}

/**
 * Uploaded files: the gateway sends an upload in parts as it arrives, each part's bytes raw
 * after its command's envelope (NATS messages stay under 1 MB),
 * the first part already decides the type (the whole file, parsed, must then be of it), the total is capped at 10 MB, and a file is
 * readable by its owner and by administrators whose role has the permission its purpose
 * needs (see filePermission; another admin is refused with 403, anyone else is told it
 * does not exist).
 */
@Controller()
export class FilesController {
  constructor(
    private readonly records: FileRecords,
    private readonly settings: PlatformSettings,
    private readonly store: FileStore,
  ) {}

  @HandlesCommand(KycFileCommands.storePart)
  async storePart(@CommandPayload() payload: StoreFilePartPayload, @CommandAttachment() data: Buffer | undefined, @CommandActor() actor: Actor | null): Promise<{ received: number }> {
    const owner = signedIn(actor);
    // The part's bytes travel raw after the command's envelope (no base64 over NATS).
    if (!data || data.length === 0 || data.length > FILE_PART_BYTES) throw ServiceError.of(400, 'file_part_size_invalid');
    if (payload.index === 0 && !acceptedType(data, payload.purpose)) {
      throw ServiceError.of(400, typeRefusal(payload.purpose));
    }
    const limit = sizeLimit(payload.purpose);
    const outcome = await this.records.storePart({ uploadId: payload.uploadId, index: payload.index, ownerId: owner.userId, data }, limit.bytes);
    if ('received' in outcome) return outcome;
    throw outcome.refused === 'foreign_upload' ? ServiceError.of(404, 'upload_not_found') : ServiceError.of(400, limit.code);
  }

  @HandlesCommand(KycFileCommands.abandonUpload)
  async abandonUpload(@CommandPayload() payload: UploadIdPayload, @CommandActor() actor: Actor | null): Promise<{ dropped: number }> {
    return { dropped: await this.records.dropUpload(payload.uploadId, signedIn(actor).userId) };
  }

  @HandlesCommand(KycFileCommands.completeUpload)
  async completeUpload(@CommandPayload() payload: CompleteFileUploadPayload, @CommandActor() actor: Actor | null): Promise<StoredFile> {
    const owner = signedIn(actor);
    const file = await this.records.complete(payload.uploadId, owner.userId, payload.parts, async (content) => {
      const limit = sizeLimit(payload.purpose);
      if (content.length > limit.bytes) throw ServiceError.of(400, limit.code);
      const mimeType = acceptedType(content, payload.purpose, true);
      // The first bytes name a type; the whole file must then be one (no polyglots, nothing after its end).
      if (!mimeType || !(await isWellFormed(content, mimeType))) throw ServiceError.of(400, typeRefusal(payload.purpose));
      return { name: safeFileName(payload.name), mimeType, purpose: payload.purpose ?? null };
    });
    if (!file) throw ServiceError.of(400, 'upload_incomplete');
    return view(file);
  }

  @HandlesCommand(KycFileCommands.describe)
  async describe(@CommandPayload() payload: FileIdPayload, @CommandActor() actor: Actor | null): Promise<StoredFileWithParts> {
    const file = await this.readable(payload.fileId, signedIn(actor));
    // The owner travels with the description (never to the browser): the gateway records an admin opening someone else's file.
    return { ...view(file), parts: Math.ceil(file.size / FILE_PART_BYTES), ownerId: file.ownerId };
  }

  /** The part's bytes, sent raw after the reply's envelope (no base64 over NATS). */
  @HandlesCommand(KycFileCommands.readPart)
  async readPart(@CommandPayload() payload: ReadFilePartPayload, @CommandActor() actor: Actor | null): Promise<Buffer> {
    const file = await this.readable(payload.fileId, signedIn(actor));
    if (payload.index * FILE_PART_BYTES >= file.size) throw ServiceError.of(404, 'file_part_not_found');
    return this.store.read(file, { start: payload.index * FILE_PART_BYTES, length: FILE_PART_BYTES });
  }

  /** The previous release's reply, for its gateways during a rollout (drop in the next release). */
  @HandlesCommand(KycFileCommands.readPartAsBase64)
  async readPartAsBase64(@CommandPayload() payload: ReadFilePartPayload, @CommandActor() actor: Actor | null): Promise<FilePart> {
    return { data: (await this.readPart(payload, actor)).toString('base64') };
  }

  @HandlesCommand(KycFileCommands.ownedFiles)
  async ownedFiles(@CommandPayload() payload: OwnedFilesPayload, @CommandActor() actor: Actor | null): Promise<StoredFiles> {
    const owner = signedIn(actor);
    if (payload.fileIds.length === 0) return { files: [] };
    return { files: (await this.records.ownedBy(payload.fileIds, owner.userId)).map(view) };
  }

  /** The owner reads their file; an admin needs the permission of the file's purpose, read from admin_roles as kyc's admin endpoints do. */
  private async readable(fileId: string, actor: Actor): Promise<StoredFileRecord> {
    const file = await this.records.find(fileId);
    if (!file || (file.ownerId !== actor.userId && actor.userType !== 'admin')) throw ServiceError.of(404, 'file_not_found');
    if (file.ownerId === actor.userId) return file;
    const permission = filePermission(file.purpose);
    if (!adminRoleAllowsNow(this.settings, actor.adminRole, permission)) throw permissionRefusal(permission);
    return file;
  }
}
