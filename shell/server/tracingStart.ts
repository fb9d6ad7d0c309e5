// Imported first by main.ts: the instrumentations patch `http` as it is required, so tracing
// starts before Fastify requires it (the compiled output is CommonJS: the imports run in order).
import { startShellTracing } from './tracing';

export const tracing = startShellTracing();
