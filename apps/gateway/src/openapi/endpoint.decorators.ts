import { applyDecorators, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Put, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCommonErrors, ApiErrorResponses } from './api-responses';

/** A controller under /api: its routes grouped under the tag in the document, each declaring the errors any API endpoint can answer. */
export const ApiController = (tag: string, path: string) => applyDecorators(ApiTags(tag), ApiCommonErrors(), Controller(path));

/** What the OpenAPI document says of an endpoint besides its route. */
export interface EndpointDoc {
  summary: string;
  /** The body of the success answer. */
  type: Type<unknown>;
  /** Of the success answer, where the body alone does not tell (a cookie it sets, say). */
  description?: string;
  /** Error answers this endpoint adds to those its controller declares. */
  errors?: number[];
}

/** The path (none: the controller's own) and what the document says. */
type EndpointArgs = [doc: EndpointDoc] | [path: string, doc: EndpointDoc];

/**
 * One decorator a route: its method and path, the status it answers with, and what the
 * OpenAPI document says of it, so that a route and its description are written together.
 */
function endpoint(method: (path?: string) => MethodDecorator, status: HttpStatus.OK | HttpStatus.CREATED, args: EndpointArgs) {
  const [path, { summary, type, description, errors }] = args.length === 1 ? [undefined, args[0]] : args;
  const success = status === HttpStatus.CREATED ? ApiCreatedResponse : ApiOkResponse;
  return applyDecorators(
    method(path),
    // POST answers 201 unless told otherwise; every other method answers 200.
    ...(method === Post && status === HttpStatus.OK ? [HttpCode(HttpStatus.OK)] : []),
    ApiOperation({ summary }),
    success(description === undefined ? { type } : { type, description }),
    ...(errors?.length ? [ApiErrorResponses(...errors)] : []),
  );
}

/** A read: GET answering 200. */
export const GetEndpoint = (...args: EndpointArgs) => endpoint(Get, HttpStatus.OK, args);

/** Something made: POST answering 201 Created. */
export const PostEndpoint = (...args: EndpointArgs) => endpoint(Post, HttpStatus.CREATED, args);

/** An action that makes nothing new (sign-in, approve, mark read…): POST answering 200. */
export const ActionEndpoint = (...args: EndpointArgs) => endpoint(Post, HttpStatus.OK, args);

/** A replacement: PUT answering 200 with the result. */
export const PutEndpoint = (...args: EndpointArgs) => endpoint(Put, HttpStatus.OK, args);

/** A partial change: PATCH answering 200 with the result. */
export const PatchEndpoint = (...args: EndpointArgs) => endpoint(Patch, HttpStatus.OK, args);

/** A removal answering 200 with what it did. */
export const DeleteEndpoint = (...args: EndpointArgs) => endpoint(Delete, HttpStatus.OK, args);
