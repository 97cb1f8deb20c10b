import type { Request, Response } from 'express';
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from '@portal/contracts';
import { ApiError } from '../http/api-error';

/** The part of multer this gateway uses (it ships without types; @types/multer is not a dependency). */
interface MulterError extends Error {
  code?: string;
}
interface Multer {
  single(field: string): (req: Request, res: Response, callback: (error?: unknown) => void) => void;
}
type MulterFactory = ((options: { storage: unknown; limits: Record<string, number> }) => Multer) & { memoryStorage(): unknown };
const multer = require('multer') as MulterFactory;

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Reads one multipart file (field `file`) into memory, refusing it as soon as it passes
 * 10 MB, so an oversized upload is answered at once and never buffered whole.
 */
const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 } }).single('file');

export function readUpload(req: Request, res: Response): Promise<{ file: UploadedFile | undefined; fields: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    single(req, res, (error?: unknown) => {
      if (!error) return resolve({ file: (req as Request & { file?: UploadedFile }).file, fields: (req.body ?? {}) as Record<string, unknown> });
      const code = (error as MulterError).code;
      if (code === 'LIMIT_FILE_SIZE') {
        // Tell the client to stop sending the rest.
        res.setHeader('Connection', 'close');
        return reject(ApiError.of(413, FILE_TOO_LARGE_MESSAGE, { code: 'file_too_large' }));
      }
      if (code && code.startsWith('LIMIT_')) return reject(ApiError.of(400, 'Send one file in the field "file".', { code: 'invalid_upload' }));
      reject(ApiError.of(400, 'The upload could not be read. Please try again.', { code: 'invalid_upload' }));
    });
  });
}
