import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentityCommands, SignUpPayload, SignUpResult } from '@portal/contracts';
import { CommandPayload } from '@portal/messaging';
import { SignUpService } from './sign-up.service';

@Controller()
export class SignUpController {
  constructor(private readonly signUpService: SignUpService) {}

  /** The payload arrives validated in the order and words of spec 01 §5. */
  @MessagePattern(IdentityCommands.signUp)
  signUp(@CommandPayload() payload: SignUpPayload): Promise<SignUpResult> {
    return this.signUpService.signUp(payload);
  }
}
