import { startTracing } from '@portal/tracing';

// Imported first by main: instrumentation has to be in place before http and pg load.
startTracing({ service: 'identity' });
