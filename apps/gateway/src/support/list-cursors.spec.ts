import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldErrors } from '@portal/contracts';
import { AdminApplicationsQuery } from '../applications/applications.dto';
import { AdminTicketListQuery, TicketListQuery } from './support.dto';

const QUERIES = [TicketListQuery, AdminTicketListQuery, AdminApplicationsQuery];

/** The first problem per field, as the gateway answers it (validationErrorBody). */
async function problems(query: (typeof QUERIES)[number], values: Record<string, unknown>) {
  return fieldErrors(await validate(plainToInstance(query, values)));
}

describe('the cursor of the ticket and admin application lists', () => {
  it('takes the keyset cursor a page gave, as opaque text (the service decodes it)', async () => {
    // As libs/database's encodeKeysetCursor writes it: a row's position and the list's total (at its longest), base64url.
    const cursor = Buffer.from('2026-11-30T08:50:23.123456Z|0b7c9d2e-5f1a-4c3b-9e8d-7a6b5c4d3e2f|999999999999').toString('base64url');
    for (const query of QUERIES) expect(await problems(query, { cursor })).toEqual([]);
  });

  it('refuses what no page could give with cursor_invalid', async () => {
    for (const query of QUERIES) {
      for (const cursor of ['a'.repeat(401), ['a', 'b']]) {
        expect(await problems(query, { cursor })).toEqual([expect.objectContaining({ field: 'cursor', code: 'cursor_invalid' })]);
      }
    }
  });
});
