import { CursorQuery } from '@portal/contracts';

/** `limit` and `cursor` of an endpoint's delivery log (newest first). */
export class WebhookDeliveriesQuery extends CursorQuery {}
