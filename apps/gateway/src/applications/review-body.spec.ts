import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldErrors } from '@portal/contracts';
import { ReviewBody } from './applications.dto';

/** The first problem per field, as the gateway answers it (validationErrorBody). */
async function problems(body: Record<string, unknown>) {
  return fieldErrors(await validate(plainToInstance(ReviewBody, body)));
}

describe('an application review body (issue 30)', () => {
  it('requires a reason, as text that is not blank, to reject', async () => {
    for (const note of [undefined, null, '', '   ']) {
      expect(await problems({ decision: 'rejected', ...(note === undefined ? {} : { note }) })).toEqual([{ field: 'note', message: 'Please enter a reason for the rejection.', code: 'rejection_reason_required' }]);
    }
    expect(await problems({ decision: 'rejected', note: 'Documents unreadable' })).toEqual([]);
  });

  it('keeps the note optional to approve or to mark under review, and refuses null there', async () => {
    expect(await problems({ decision: 'approved' })).toEqual([]);
    expect(await problems({ decision: 'under_review', note: '' })).toEqual([]);
    expect(await problems({ decision: 'approved', note: null })).toEqual([{ field: 'note', message: 'note must be a string' }]);
  });
});
