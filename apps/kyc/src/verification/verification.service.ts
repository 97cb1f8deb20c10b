import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  BIOMETRIC_CONFIG_SETTING,
  BIOMETRIC_FILE_PURPOSE,
  BIOMETRIC_STEPS,
  BiometricStep,
  KycEvents,
  VerificationConfigView,
  VerificationSessionView,
  VerificationStepPayload,
} from '@portal/contracts';
import { isEncryptedSettingSecret, SettingsSecretBox } from '@portal/config';
import { addToOutbox, PlatformSettings, ServiceError } from '@portal/messaging';
import { requireKycVerificationEnabled } from '../documents/kyc-documents.service';
import { FileStore } from '../files/storage/file-store';
import { StoredFileRecord } from '../files/stored-file.entity';
import { BIOMETRIC_PROVIDERS, BiometricProvider } from './biometric-provider';
import { BiometricSession, StoredStep } from './biometric-session.entity';

const STEP_TEXT: Record<BiometricStep, { title: string; description: string }> = {
  'face-scan': { title: 'Face Scan', description: 'Look straight at the camera so we can capture your face.' },
  'id-verification': { title: 'ID Verification', description: 'Hold your government-issued ID up to the camera.' },
  'liveness-check': { title: 'Liveness Check', description: 'Turn your head slowly while we confirm you are present.' },
};

interface Configured {
  provider: BiometricProvider;
  apiKey: string;
}

@Injectable()
export class VerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly secrets: SettingsSecretBox,
    private readonly store: FileStore,
  ) {}

  async config(actor: Actor | null): Promise<VerificationConfigView> {
    const customer = this.requireCustomer(actor);
    const configured = this.configured();
    const latest = await this.dataSource.manager.findOne(BiometricSession, { where: { userId: customer.userId }, order: { createdAt: 'DESC' } });
    return { available: configured !== null, provider: configured?.provider.name ?? null, latestSession: latest ? this.view(latest) : null };
  }

  async start(actor: Actor | null): Promise<VerificationSessionView> {
    const customer = this.requireCustomer(actor);
    requireKycVerificationEnabled(this.settings);
    const configured = this.requireConfigured();
    const session = this.dataSource.manager.create(BiometricSession, {
      id: randomUUID(),
      userId: customer.userId,
      provider: configured.provider.name,
      status: 'in_progress',
      steps: BIOMETRIC_STEPS.map((id): StoredStep => ({ id, status: 'pending', failureReason: null, fileId: null })),
      completedAt: null,
    });
    await this.dataSource.manager.insert(BiometricSession, session);
    return this.view(await this.dataSource.manager.findOneByOrFail(BiometricSession, { id: session.id }));
  }

  /** Records one step while kyc_verification is on: the provider decides on the still; a refused camera fails the step (Retry sends it again). Steps go in order. */
  async recordStep(payload: VerificationStepPayload, actor: Actor | null): Promise<VerificationSessionView> {
    const customer = this.requireCustomer(actor);
    // Switched off in System Settings: a session started before that goes no further either.
    requireKycVerificationEnabled(this.settings);
    const configured = this.requireConfigured();
    if (!payload.fileId && !payload.outcome) throw ServiceError.of(400, 'capture_required');
    return this.dataSource.transaction(async (manager) => {
      const session = await manager.findOne(BiometricSession, { where: { id: payload.sessionId, userId: customer.userId }, lock: { mode: 'pessimistic_write' } });
      if (!session) throw ServiceError.of(404, 'session_not_found');
      if (session.status === 'completed') throw ServiceError.of(409, 'verification_complete');
      const index = session.steps.findIndex((step) => step.id === payload.step);
      const next = session.steps.findIndex((step) => step.status !== 'completed');
      if (index !== next) throw ServiceError.of(409, 'step_out_of_order', { params: { step: STEP_TEXT[session.steps[next].id].title } });
      const step = { ...session.steps[index] };
      if (payload.outcome === 'camera_unavailable') {
        Object.assign(step, { status: 'failed', failureReason: 'Camera access was denied or no camera is available.', fileId: null });
      } else {
        // Only a still uploaded for this screen: another of the customer's files (a KYC
        // document, an application's PDF, a profile photo) is answered as an unknown one.
        const file = await manager
          .createQueryBuilder(StoredFileRecord, 'file')
          .where('file.id = :id AND file.ownerId = :owner AND file.purpose = :purpose', { id: payload.fileId, owner: customer.userId, purpose: BIOMETRIC_FILE_PURPOSE })
          .getOne();
        if (!file) throw ServiceError.of(404, 'file_not_found');
        const result = await configured.provider.check(step.id, await this.store.read(file), configured.apiKey);
        Object.assign(step, { status: result.passed ? 'completed' : 'failed', failureReason: result.passed ? null : (result.reason ?? 'The check did not pass. Please try again.'), fileId: file.id });
      }
      session.steps = session.steps.map((existing, position) => (position === index ? step : existing));
      if (session.steps.every((existing) => existing.status === 'completed')) {
        session.status = 'completed';
        session.completedAt = new Date();
        await addToOutbox(manager, KycEvents.biometricVerified, { sessionId: session.id, userId: customer.userId, provider: session.provider });
      }
      await manager.save(session);
      return this.view(session);
    });
  }

  /** The admin-edited configuration, when enabled, complete, and naming a provider this platform has an adapter for. */
  private configured(): Configured | null {
    const raw = this.settings.get<unknown>(BIOMETRIC_CONFIG_SETTING);
    const config = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const name = typeof config.provider === 'string' ? config.provider.trim() : '';
    // Identity stores the key encrypted (System Settings); a plain one is from before that.
    const stored = typeof config.apiKey === 'string' ? config.apiKey.trim() : '';
    const apiKey = isEncryptedSettingSecret(stored) ? (this.secrets.decrypt(stored) ?? '') : stored;
    if (config.isEnabled !== true || !name || !apiKey) return null;
    const provider = BIOMETRIC_PROVIDERS[name];
    return provider ? { provider, apiKey } : null;
  }

  private requireConfigured(): Configured {
    const configured = this.configured();
    if (!configured) throw ServiceError.of(403, 'biometric_not_available');
    return configured;
  }

  private requireCustomer(actor: Actor | null): Actor {
    if (!actor) throw ServiceError.of(401, 'unauthenticated');
    if (actor.userType !== 'customer') throw ServiceError.of(403, 'verification_customers_only');
    return actor;
  }

  view(session: BiometricSession): VerificationSessionView {
    return {
      id: session.id,
      status: session.status,
      provider: session.provider,
      steps: session.steps.map((step) => ({ id: step.id, ...STEP_TEXT[step.id], status: step.status, failureReason: step.failureReason })),
      startedAt: session.createdAt.toISOString(),
      completedAt: session.completedAt?.toISOString() ?? null,
    };
  }
}
