import { Controller } from '@nestjs/common';
import { IdentityCommands, SignUpPayload, SignUpResult } from '@portal/contracts';
import { CommandPayload, HandlesCommand } from '@portal/messaging';
import { SignUpService } from './sign-up.service';

@Controller()
export class SignUpController {
  constructor(private readonly signUpService: SignUpService) {}

  /** The payload arrives validated in the order and words of spec 01 §5. */
  @HandlesCommand(IdentityCommands.signUp)
  signUp(@CommandPayload() payload: SignUpPayload): Promise<SignUpResult> {
    return this.signUpService.signUp(payload);
  }
}
