import { Controller } from '@nestjs/common';
import {
  Actor,
  AdminApplicationPage,
  AdminListApplicationsPayload,
  AdminListInvestmentsPayload,
  ApplicationIdPayload,
  ApplicationInput,
  ApplicationPage,
  ApplicationsCommands,
  ApplicationView,
  LatestApplicationStatus,
  ListOwnApplicationsPayload,
  OversightPage,
  ReferencedFiles,
  ReferencedFilesPayload,
  ReviewApplicationPayload,
  UpdateDraftPayload,
} from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { ApplicationsService } from './applications.service';

/** Commands of the applications service; every rule lives in ApplicationsService. */
@Controller()
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  @HandlesCommand(ApplicationsCommands.submit)
  submit(@CommandPayload() payload: ApplicationInput, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.applications.submit(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.updateDraft)
  updateDraft(@CommandPayload() payload: UpdateDraftPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    const { applicationId, ...input } = payload;
    return this.applications.updateDraft(applicationId, input, actor);
  }

  @HandlesCommand(ApplicationsCommands.listOwn)
  listOwn(@CommandPayload() payload: ListOwnApplicationsPayload, @CommandActor() actor: Actor | null): Promise<ApplicationPage> {
    return this.applications.listOwn(actor, payload.status);
  }

  @HandlesCommand(ApplicationsCommands.getOwn)
  getOwn(@CommandPayload() payload: ApplicationIdPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.applications.getOwn(payload.applicationId, actor);
  }

  @HandlesCommand(ApplicationsCommands.latestStatus)
  latestStatus(@CommandActor() actor: Actor | null): Promise<LatestApplicationStatus> {
    return this.applications.latestStatus(actor);
  }

  @HandlesCommand(ApplicationsCommands.adminList)
  adminList(@CommandPayload() payload: AdminListApplicationsPayload, @CommandActor() actor: Actor | null): Promise<AdminApplicationPage> {
    return this.applications.adminList(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.review)
  review(@CommandPayload() payload: ReviewApplicationPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.applications.review(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.referencedFiles)
  referencedFiles(@CommandPayload() payload: ReferencedFilesPayload): Promise<ReferencedFiles> {
    return this.applications.referencedFiles(payload.userId, payload.fileIds);
  }

  @HandlesCommand(ApplicationsCommands.adminInvestments)
  adminInvestments(@CommandPayload() payload: AdminListInvestmentsPayload, @CommandActor() actor: Actor | null): Promise<OversightPage> {
    return this.applications.adminInvestments(payload, actor);
  }
}
