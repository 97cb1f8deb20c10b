import './tracing';
import 'reflect-metadata';
import { startEmailWorker } from './email/start-email-worker';

// The email worker on its own: run it with EMAIL_WORKER_INLINE=false on the services to
// scale sending independently of event intake.
void startEmailWorker();
