import { Injectable } from '@nestjs/common';
import { Actor, LatestApplicationStatus } from '@portal/contracts';
import { ApplicationAccess } from '../application-access';
import { ApplicationsRepository } from '../applications.repository';

/** The status of the caller's newest submitted application (the deposit gate asks it). */
@Injectable()
export class GetLatestApplicationStatus {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly applications: ApplicationsRepository,
  ) {}

  async execute(actor: Actor | null): Promise<LatestApplicationStatus> {
    const caller = this.access.signedIn(actor);
    const row = await this.applications.latestSubmitted(caller.userId);
    return { status: row?.status ?? null, applicationId: row?.id ?? null };
  }
}
