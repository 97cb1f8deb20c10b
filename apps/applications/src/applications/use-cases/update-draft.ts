import { Injectable } from '@nestjs/common';
import { Actor, ApplicationInput, ApplicationView } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { applicationNotFound } from '../application-access';
import { ApplicationIntake } from '../application-intake';
import { ApplicationsRepository } from '../applications.repository';

/** The owner changes a draft; `draft: false` submits it. A submitted application can no longer change (409). */
@Injectable()
export class UpdateDraft {
  constructor(
    private readonly intake: ApplicationIntake,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(applicationId: string, input: ApplicationInput, actor: Actor | null): Promise<ApplicationView> {
    const checked = await this.intake.check(input, actor, input.draft !== false);
    return this.applications.transaction(async (manager) => {
      const record = await this.applications.lockOwn(manager, applicationId, checked.customer.userId);
      if (!record) throw applicationNotFound();
      if (record.status !== 'draft') throw ServiceError.of(409, 'not_a_draft');
      return this.intake.write(manager, record, checked);
    });
  }
}
