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
import { FindReferencedFiles } from './use-cases/find-referenced-files';
import { GetOwnApplication } from './use-cases/get-own-application';
import { InvestmentOversight } from './use-cases/investment-oversight';
import { GetLatestApplicationStatus } from './use-cases/latest-application-status';
import { ListApplicationsForAdmin } from './use-cases/list-applications-for-admin';
import { ListOwnApplications } from './use-cases/list-own-applications';
import { ReviewApplication } from './use-cases/review-application';
import { SubmitApplication } from './use-cases/submit-application';
import { UpdateDraft } from './use-cases/update-draft';

/** Commands of the applications service; each hands its command to one use case (use-cases/), where the rules live. */
@Controller()
export class ApplicationsController {
  constructor(
    private readonly submitApplication: SubmitApplication,
    private readonly updateDraftApplication: UpdateDraft,
    private readonly listOwnApplications: ListOwnApplications,
    private readonly getOwnApplication: GetOwnApplication,
    private readonly latestApplicationStatus: GetLatestApplicationStatus,
    private readonly listApplicationsForAdmin: ListApplicationsForAdmin,
    private readonly reviewApplication: ReviewApplication,
    private readonly findReferencedFiles: FindReferencedFiles,
    private readonly investmentOversight: InvestmentOversight,
  ) {}

  @HandlesCommand(ApplicationsCommands.submit)
  submit(@CommandPayload() payload: ApplicationInput, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.submitApplication.execute(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.updateDraft)
  updateDraft(@CommandPayload() payload: UpdateDraftPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    const { applicationId, ...input } = payload;
    return this.updateDraftApplication.execute(applicationId, input, actor);
  }

  @HandlesCommand(ApplicationsCommands.listOwn)
  listOwn(@CommandPayload() payload: ListOwnApplicationsPayload, @CommandActor() actor: Actor | null): Promise<ApplicationPage> {
    return this.listOwnApplications.execute(actor, payload.status);
  }

  @HandlesCommand(ApplicationsCommands.getOwn)
  getOwn(@CommandPayload() payload: ApplicationIdPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.getOwnApplication.execute(payload.applicationId, actor);
  }

  @HandlesCommand(ApplicationsCommands.latestStatus)
  latestStatus(@CommandActor() actor: Actor | null): Promise<LatestApplicationStatus> {
    return this.latestApplicationStatus.execute(actor);
  }

  @HandlesCommand(ApplicationsCommands.adminList)
  adminList(@CommandPayload() payload: AdminListApplicationsPayload, @CommandActor() actor: Actor | null): Promise<AdminApplicationPage> {
    return this.listApplicationsForAdmin.execute(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.review)
  review(@CommandPayload() payload: ReviewApplicationPayload, @CommandActor() actor: Actor | null): Promise<ApplicationView> {
    return this.reviewApplication.execute(payload, actor);
  }

  @HandlesCommand(ApplicationsCommands.referencedFiles)
  referencedFiles(@CommandPayload() payload: ReferencedFilesPayload): Promise<ReferencedFiles> {
    return this.findReferencedFiles.execute(payload.userId, payload.fileIds);
  }

  @HandlesCommand(ApplicationsCommands.adminInvestments)
  adminInvestments(@CommandPayload() payload: AdminListInvestmentsPayload, @CommandActor() actor: Actor | null): Promise<OversightPage> {
    return this.investmentOversight.execute(payload, actor);
  }
}
