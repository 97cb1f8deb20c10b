import { ApiError } from '../http/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that cannot be a ticket is simply a ticket that does not exist. */
export function ticketId(id: string): string {
  if (!UUID.test(id)) throw ApiError.of(404, 'ticket_not_found');
  return id;
}
