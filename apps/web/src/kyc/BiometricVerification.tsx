import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationSessionView } from '@portal/api-client';
import { serverMessage } from '../api/api-error';
import { verificationApi, verificationKeys } from './verification-api';

const STEP_COLORS: Record<string, string> = { pending: 'default', completed: 'green', failed: 'red' };

/** A still of the camera's current frame, as JPEG. */
function captureStill(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('capture failed'))), 'image/jpeg', 0.85));
}

/** Spec 02 "Biometric Verification": three steps with progress, camera preview, Start Verification and Retry; every step decided on the server. */
export function BiometricVerification() {
  const { t } = useTranslation('kyc');
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: verificationKeys.config, queryFn: verificationApi.config });
  const [session, setSession] = useState<VerificationSessionView | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!session && config.data?.latestSession) setSession(config.data.latestSession);
  }, [config.data, session]);
  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  async function openCamera(): Promise<boolean> {
    if (stream.current) return true;
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play();
      }
      return true;
    } catch {
      return false;
    }
  }

  async function run() {
    setRunning(true);
    setProblem(null);
    try {
      let current = session && session.status === 'in_progress' ? session : await verificationApi.start();
      setSession(current);
      const cameraOn = await openCamera();
      for (const step of current.steps) {
        if (step.status === 'completed') continue;
        if (!cameraOn || !video.current) {
          current = await verificationApi.cameraUnavailable(current.id, step.id);
          setSession(current);
          break;
        }
        current = await verificationApi.capture(current.id, step.id, await captureStill(video.current));
        setSession(current);
        if (current.steps.find((candidate) => candidate.id === step.id)?.status !== 'completed') break;
      }
      if (current.status === 'completed') {
        stream.current?.getTracks().forEach((track) => track.stop());
        stream.current = null;
      }
      await queryClient.invalidateQueries({ queryKey: verificationKeys.config });
    } catch (error) {
      setProblem(serverMessage(error) ?? t('biometric.cannotContinue'));
    } finally {
      setRunning(false);
    }
  }

  if (config.isLoading) return <Card loading />;
  if (config.isError) return <Alert type="error" showIcon title={serverMessage(config.error) ?? t('biometric.loadFailed')} />;
  if (!config.data?.available) {
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('biometric.notAvailableTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('biometric.notAvailable')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  }

  const steps = session?.steps ?? [];
  const completed = steps.filter((step) => step.status === 'completed').length;
  const failed = steps.some((step) => step.status === 'failed');
  const done = session?.status === 'completed';

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {done && <Alert type="success" showIcon title={t('biometric.completeTitle')} description={t('biometric.complete')} />}
      {problem && <Alert type="error" showIcon title={problem} />}
      <Card title={t('biometric.camera')}>
        <video ref={video} muted playsInline aria-label={t('biometric.cameraPreview')} style={{ width: '100%', maxWidth: 480, background: '#000', borderRadius: 8 }} />
      </Card>
      <Card title={t('biometric.steps')}>
        <Progress percent={Math.round((completed / 3) * 100)} aria-label={t('biometric.progress')} />
        <List
          dataSource={steps.length > 0 ? steps : []}
          locale={{ emptyText: t('biometric.empty') }}
          renderItem={(step) => (
            <List.Item>
              {/* The step's texts by its id; the failure reason is the server's. */}
              <List.Item.Meta title={t(`biometric.stepTexts.${step.id}.title`)} description={step.failureReason ?? t(`biometric.stepTexts.${step.id}.description`)} />
              <Tag color={STEP_COLORS[step.status]}>{t(`biometric.stepStatuses.${step.status}`, { defaultValue: step.status })}</Tag>
            </List.Item>
          )}
        />
        {!done && (
          <Button type="primary" loading={running} onClick={() => void run()} style={{ marginTop: 16 }}>
            {failed ? t('biometric.retry') : t('biometric.start')}
          </Button>
        )}
      </Card>
    </Space>
  );
}
