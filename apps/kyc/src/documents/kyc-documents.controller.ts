import { Controller } from '@nestjs/common';
import {
  Actor,
  AdminKycDocumentPage,
  AdminListKycDocumentsPayload,
  DecideKycPayload,
  DocumentRequestSent,
  KycDocumentCommands,
  KycDocumentList,
  KycDocumentView,
  KycStatusView,
  RequestKycDocumentPayload,
  ReviewKycDocumentPayload,
  SubmitKycDocumentPayload,
} from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { KycDocumentsService } from './kyc-documents.service';

@Controller()
export class KycDocumentsController {
  constructor(private readonly documents: KycDocumentsService) {}

  @HandlesCommand(KycDocumentCommands.submit)
  submit(@CommandPayload() payload: SubmitKycDocumentPayload, @CommandActor() actor: Actor | null): Promise<KycDocumentView> {
    return this.documents.submit(payload, actor);
  }

  @HandlesCommand(KycDocumentCommands.listMine)
  listMine(@CommandActor() actor: Actor | null): Promise<KycDocumentList> {
    return this.documents.listMine(actor);
  }

  @HandlesCommand(KycDocumentCommands.adminList)
  adminList(@CommandPayload() payload: AdminListKycDocumentsPayload, @CommandActor() actor: Actor | null): Promise<AdminKycDocumentPage> {
    return this.documents.adminList(payload, actor);
  }

  @HandlesCommand(KycDocumentCommands.review)
  review(@CommandPayload() payload: ReviewKycDocumentPayload, @CommandActor() actor: Actor | null): Promise<KycDocumentView> {
    return this.documents.review(payload, actor);
  }

  @HandlesCommand(KycDocumentCommands.request)
  request(@CommandPayload() payload: RequestKycDocumentPayload, @CommandActor() actor: Actor | null): Promise<DocumentRequestSent> {
    return this.documents.request(payload, actor);
  }

  @HandlesCommand(KycDocumentCommands.decide)
  decide(@CommandPayload() payload: DecideKycPayload, @CommandActor() actor: Actor | null): Promise<KycStatusView> {
    return this.documents.decide(payload, actor);
  }
}
