import { Controller } from '@nestjs/common';
import { Actor, KycVerificationCommands, VerificationConfigView, VerificationSessionView, VerificationStepPayload } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { VerificationService } from './verification.service';

@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @HandlesCommand(KycVerificationCommands.config)
  config(@CommandActor() actor: Actor | null): Promise<VerificationConfigView> {
    return this.verification.config(actor);
  }

  @HandlesCommand(KycVerificationCommands.start)
  start(@CommandActor() actor: Actor | null): Promise<VerificationSessionView> {
    return this.verification.start(actor);
  }

  @HandlesCommand(KycVerificationCommands.recordStep)
  recordStep(@CommandPayload() payload: VerificationStepPayload, @CommandActor() actor: Actor | null): Promise<VerificationSessionView> {
    return this.verification.recordStep(payload, actor);
  }
}
