import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

const SANE_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header of a money-moving POST (API.md): printable, at most 255 characters. */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!SANE_KEY.test(value)) throw ApiError.of(400, 'idempotency_key_invalid');
  return value;
});

export const ApiIdempotencyKey = () =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeat with the same key and body returns the first response; another body is 422' });
