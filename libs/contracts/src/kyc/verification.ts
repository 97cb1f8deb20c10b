import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { defineCommand, EmptyPayload } from '../common/messages';
import { IsOmittable } from '../common/validators';
import { refusal } from '../common/refusal';

/** Spec 02 §2 "Biometric Verification": three steps in this order. */
export const BIOMETRIC_STEPS = ['face-scan', 'id-verification', 'liveness-check'] as const;
export type BiometricStep = (typeof BIOMETRIC_STEPS)[number];
export const BIOMETRIC_STEP_STATUSES = ['pending', 'completed', 'failed'] as const;
export type BiometricStepStatus = (typeof BIOMETRIC_STEP_STATUSES)[number];
export const VERIFICATION_STATUSES = ['in_progress', 'completed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The setting an admin edits (spec 02 §3): provider, apiKey, isEnabled; configured when provider and apiKey are both present. */
export const BIOMETRIC_CONFIG_SETTING = 'biometric_verification_config';
export const BIOMETRIC_NOT_AVAILABLE_MESSAGE = 'Biometric Service Not Available';

export class VerificationStepView {
  @ApiProperty({ enum: BIOMETRIC_STEPS }) id: BiometricStep;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: BIOMETRIC_STEP_STATUSES }) status: BiometricStepStatus;
  @ApiProperty({ nullable: true, type: String }) failureReason: string | null;
}

export class VerificationSessionView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status: VerificationStatus;
  @ApiProperty() provider: string;
  @ApiProperty({ type: [VerificationStepView] }) steps: VerificationStepView[];
  @ApiProperty() startedAt: string;
  @ApiProperty({ nullable: true, type: String }) completedAt: string | null;
}

export class VerificationConfigView {
  /** True only when an admin enabled the service and it is configured with a provider this platform knows. */
  @ApiProperty() available: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) provider: string | null;
  /** The caller's latest verification, if any. */
  @ApiPropertyOptional({ type: VerificationSessionView, nullable: true }) latestSession: VerificationSessionView | null;
}

/** One step's capture: a still the browser uploaded with POST /api/v1/files (purpose kyc:biometric), or the camera's refusal. */
export class VerificationStepBody {
  @ApiProperty({ enum: BIOMETRIC_STEPS }) @IsIn(BIOMETRIC_STEPS, refusal('biometric_step_invalid', { steps: BIOMETRIC_STEPS.join(', ') })) step: BiometricStep;
  @ApiPropertyOptional({ format: 'uuid', description: 'The still captured from the camera' }) @IsOmittable() @IsUUID() fileId?: string;
  @ApiPropertyOptional({ enum: ['camera_unavailable'], description: 'The camera was refused or is missing: the step fails and can be retried' })
  @IsOmittable()
  @IsIn(['camera_unavailable'])
  outcome?: 'camera_unavailable';
}

export class VerificationStepPayload extends VerificationStepBody {
  @IsUUID() sessionId: string;
}

export const KycVerificationCommands = {
  config: defineCommand<EmptyPayload, VerificationConfigView>('kyc.verification.config.v1', EmptyPayload),
  start: defineCommand<EmptyPayload, VerificationSessionView>('kyc.verification.start.v1', EmptyPayload),
  recordStep: defineCommand<VerificationStepPayload, VerificationSessionView>('kyc.verification.record-step.v1', VerificationStepPayload),
} as const;
