import type { BiometricStep } from '@portal/contracts';
import { detectFileType } from '../files/file-types';

export interface StepCheck {
  passed: boolean;
  reason?: string;
}

/**
 * The seam where a biometric vendor plugs in: given a step and the still captured for it,
 * the provider decides. Register a vendor's adapter in BIOMETRIC_PROVIDERS under the
 * provider name admins enter in the biometric configuration.
 */
export interface BiometricProvider {
  readonly name: string;
  check(step: BiometricStep, image: Buffer, apiKey: string): Promise<StepCheck>;
}

/** Smallest still a camera produces; anything shorter is not a photo. */
const MIN_IMAGE_BYTES = 512;

/**
 * The built-in provider (development, tests and demos): it accepts any real image, so a
 * browser's camera (or Chromium's fake camera) completes the steps. It performs no face
 * matching: production needs a vendor's adapter.
 */
export class BuiltInBiometricProvider implements BiometricProvider {
  readonly name = 'built-in';

  async check(_step: BiometricStep, image: Buffer): Promise<StepCheck> {
    const type = detectFileType(image);
    if (type !== 'image/jpeg' && type !== 'image/png') return { passed: false, reason: 'The capture is not a camera image. Please try again.' };
    if (image.length < MIN_IMAGE_BYTES) return { passed: false, reason: 'The capture is too small. Please try again.' };
    return { passed: true };
  }
}

export const BIOMETRIC_PROVIDERS: Record<string, BiometricProvider> = { 'built-in': new BuiltInBiometricProvider() };
