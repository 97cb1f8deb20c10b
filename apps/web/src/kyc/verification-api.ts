import type { StoredFile, VerificationConfigView, VerificationSessionView } from '@portal/api-client';
import { callGateway, uploadWithProgress } from '../api/http';

export type BiometricStep = VerificationSessionView['steps'][number]['id'];

export const verificationKeys = { config: ['verification', 'config'] as const };

export const verificationApi = {
  config: (): Promise<VerificationConfigView> => callGateway((client, init) => client.GET('/api/v1/verification/config', init)),
  start: (): Promise<VerificationSessionView> => callGateway((client, init) => client.POST('/api/v1/verification/sessions', init)),
  /** Uploads the still captured for a step; the server's provider decides on it. */
  capture: async (sessionId: string, step: BiometricStep, still: Blob): Promise<VerificationSessionView> => {
    const form = new FormData();
    form.append('purpose', 'kyc:biometric');
    form.append('file', still, `${step}.jpg`);
    const stored = await uploadWithProgress<StoredFile>('/api/v1/files', form, () => undefined);
    return callGateway((client, init) => client.PATCH('/api/v1/verification/sessions/{id}', { ...init, params: { path: { id: sessionId } }, body: { step, fileId: stored.id } }));
  },
  cameraUnavailable: (sessionId: string, step: BiometricStep): Promise<VerificationSessionView> =>
    callGateway((client, init) => client.PATCH('/api/v1/verification/sessions/{id}', { ...init, params: { path: { id: sessionId } }, body: { step, outcome: 'camera_unavailable' } })),
};
