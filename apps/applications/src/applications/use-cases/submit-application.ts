import { Injectable } from '@nestjs/common';
import { Actor, ApplicationInput, ApplicationView } from '@portal/contracts';
import { ApplicationIntake } from '../application-intake';
import { ApplicationsRepository } from '../applications.repository';

/** A customer's new application: submitted (pending, announced), or kept as a draft with `draft: true`. */
@Injectable()
export class SubmitApplication {
  constructor(
    private readonly intake: ApplicationIntake,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(input: ApplicationInput, actor: Actor | null): Promise<ApplicationView> {
    const checked = await this.intake.check(input, actor, input.draft === true);
    return this.applications.transaction((manager) => this.intake.write(manager, this.applications.newApplication(manager, checked.customer.userId), checked));
  }
}
