// Imported first by server.ts: the instrumentations patch `http` and `pg` as they are required,
// so tracing starts before anything requires them (the compiled output is CommonJS: the imports
// run in order).
import { startTracing } from './tracing';

export const tracing = startTracing();
