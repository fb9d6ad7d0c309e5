// Test helpers for the shell server: a real HTTP upstream standing in for the API.
import { readShellConfig, type ShellConfig } from './config';

export { startUpstream, type Upstream } from '../../config/testing/upstream';

export function testConfig(overrides: Record<string, string> = {}): ShellConfig {
  return readShellConfig({ STAGE: 'prod', ...overrides });
}
