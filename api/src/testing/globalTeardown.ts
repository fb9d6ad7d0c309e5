import { rmSync } from 'node:fs';
import { TEMPLATE_DIR_ENV } from './templateEnv';

export default function globalTeardown(): void {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
