// What the helpers use of the library, imported by its public name rather than a relative path:
// this entry point is built apart into testing/dist (tsconfig.testing.json), where a relative
// path to the library's own files would not resolve.
// eslint-disable-next-line @nx/enforce-module-boundaries -- a separate entry point of this project (see above)
export { decodeJson, encodedReply, encodeEvent, ensureStream, natsAuthOptions, natsConfiguration, resolveCommandKeys, ServiceClient, splitAttachment } from '@portal/messaging';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
export type { CommandKeys, CommandSignerName, NatsUser, WithAttachment } from '@portal/messaging';
