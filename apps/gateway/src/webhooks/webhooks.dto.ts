import { PageQuery } from '@portal/contracts';

/** `page` and `pageSize` of an endpoint's delivery log (newest first). */
export class WebhookDeliveriesQuery extends PageQuery {}
