import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { FILE_PURPOSES } from '@portal/domain-rules';
import { defineCommand } from '../common/messages';
import { refusal } from '../common/refusal';

/** Files are stored by the kyc service; the gateway moves their bytes in parts small enough for one NATS message. */
export const FILE_PART_BYTES = 512 * 1024;
/** Spec 01 §5: 10 MB by default. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
/** Spec 02 §5's words for a Document Upload Center file over the limit. */
export const KYC_FILE_TOO_LARGE_MESSAGE = `File is larger than ${MAX_FILE_BYTES} bytes`;
/** The drop zone refuses a file under 1 byte (an empty one) in spec 02 §5's words; the server says the same. */
export const MIN_KYC_FILE_BYTES = 1;
export const KYC_FILE_TOO_SMALL_MESSAGE = `File is smaller than ${MIN_KYC_FILE_BYTES} bytes`;
export const FILE_TYPE_MESSAGE = 'Invalid file type. Please upload PDF, JPG, or PNG files.';
export const FILE_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/gif'] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

/** Account Settings photo (spec 02 §5): JPG, PNG or GIF, by content, at most 2 MB, with the spec's messages. */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_TYPE_MESSAGE = 'Invalid File Type: Please select a JPG, PNG, or GIF image.';
export const PROFILE_PHOTO_TOO_LARGE_MESSAGE = 'File Too Large: Image size must be less than 2MB.';
export const PROFILE_PHOTO_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * One part of an upload, in order from 0; the first part alone already decides the file
 * type. The part's bytes travel as the command's attachment (raw, after the JSON envelope).
 */
export class StoreFilePartPayload {
  @IsUUID() uploadId: string;
  @IsInt() @Min(0) @Max(Math.ceil(MAX_FILE_BYTES / FILE_PART_BYTES)) index: number;
  /** The purpose given at completion; sent with each part so the first one is checked against the right types (KYC documents also take DOC and DOCX). */
  @IsOptional() @IsIn(FILE_PURPOSES, refusal('file_purpose_unknown')) purpose?: string;
}

export class CompleteFileUploadPayload {
  @IsUUID() uploadId: string;
  @IsInt() @Min(1) parts: number;
  @IsString() @MaxLength(255) name: string;
  /** What the file is for (FILE_PURPOSES): it decides the types it may have and where it may be used. */
  @IsOptional() @IsIn(FILE_PURPOSES, refusal('file_purpose_unknown')) purpose?: string;
}

/** An upload the gateway gave up on (refused, or cut off): its parts are dropped. */
export class UploadIdPayload {
  @IsUUID() uploadId: string;
}

export class FileIdPayload {
  @IsUUID() fileId: string;
}

export class ReadFilePartPayload {
  @IsUUID() fileId: string;
  @IsInt() @Min(0) index: number;
}

/** Files of the caller among these ids (another person's or an unknown id is simply absent). */
export class OwnedFilesPayload {
  @IsArray() @ArrayMaxSize(50) @IsUUID('all', { each: true }) fileIds: string[];
}

export class StoredFile {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty({ enum: FILE_MIME_TYPES, description: 'Detected from the content, not from the name' }) mimeType: string;
  @ApiProperty({ nullable: true, type: String }) purpose: string | null;
  @ApiProperty() createdAt: string;
}

export interface StoredFileWithParts extends StoredFile {
  parts: number;
  /** Whose file it is: the gateway records an administrator opening someone else's. Absent from an older kyc. */
  ownerId?: string;
}

/** A part as kyc.file.read-part.v1 answers it: base64 inside the JSON reply. */
export interface FilePart {
  data: string;
}

export interface StoredFiles {
  files: StoredFile[];
}

export const KycFileCommands = {
  storePart: defineCommand<StoreFilePartPayload, { received: number }>('kyc.file.store-part.v1', StoreFilePartPayload),
  completeUpload: defineCommand<CompleteFileUploadPayload, StoredFile>('kyc.file.complete-upload.v1', CompleteFileUploadPayload),
  /** Drops the caller's parts of an upload that will not be completed; nothing to drop is not an error. */
  abandonUpload: defineCommand<UploadIdPayload, { dropped: number }>('kyc.file.abandon-upload.v1', UploadIdPayload),
  /** The owner, or an admin whose role has the permission for the file's purpose (403 otherwise); anyone else gets 404. */
  describe: defineCommand<FileIdPayload, StoredFileWithParts>('kyc.file.describe.v1', FileIdPayload),
  /** The part's bytes, as raw bytes after the reply's envelope (libs/messaging command-attachment.ts). */
  readPart: defineCommand<ReadFilePartPayload, Buffer>('kyc.file.read-part.v2', ReadFilePartPayload),
  /** The same part as base64 in JSON, for a gateway of the previous release during a rollout; drop in the next. */
  readPartAsBase64: defineCommand<ReadFilePartPayload, FilePart>('kyc.file.read-part.v1', ReadFilePartPayload),
  ownedFiles: defineCommand<OwnedFilesPayload, StoredFiles>('kyc.file.owned.v1', OwnedFilesPayload),
} as const;
