// Who gets a canary: a stable bucket from 0 to 99 per user and remote, so a user keeps the same
// version on every page load, and raising the percentage only adds users (docs/adr/0005).
import { createHash } from 'node:crypto';
import type { Canary } from './model';

/** The user's bucket for this remote's canaries: the first 32 bits of sha256("<remote>:<id>") mod 100. */
export function canaryBucket(remote: string, userId: string): number {
  return createHash('sha256').update(`${remote}:${userId}`).digest().readUInt32BE(0) % 100;
}

/** Named users always get the candidate; signed-out visitors never do. */
export function getsCanary(remote: string, canary: Canary, userId: string | null): boolean {
  if (userId === null) return false;
  if (canary.users.includes(userId)) return true;
  return canaryBucket(remote, userId) < canary.percent;
}
