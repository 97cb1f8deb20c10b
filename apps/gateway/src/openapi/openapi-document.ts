import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export const API_DOCS_PATH = 'api/docs';
export const API_DOCS_JSON_PATH = 'api/docs-json';

/** The OpenAPI document of the gateway's routes, as served at /api/docs-json and written for the client. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Investment portal API')
    .setDescription(
      'The HTTP API of the investment portal gateway. Errors always use the ErrorBody envelope. ' +
        'Sign in to get an access token (Authorization: Bearer); browsers keep the refresh token in an httpOnly cookie.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return SwaggerModule.createDocument(app, config, {
    // Auth_signIn, AuditLogs_list: readable, and unique as long as controller names are.
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}

/** Objects with their keys sorted at every level, so the written document is stable byte for byte. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function serialiseOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

/** Swagger UI at /api/docs and the JSON at /api/docs-json. */
export function serveOpenApiDocument(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH,
    yamlDocumentUrl: undefined,
    customSiteTitle: 'Investment portal API',
    swaggerOptions: { persistAuthorization: false },
  });
}
