import { verificationStatusInfo } from '@hostdash/shared-auth';
import { StatusChip } from './StatusChip';

/** A guest's verification status: the kit's status chip, with what the status means on hover. */
export function VerificationChip({ status }: { status: string }) {
  return (
    <StatusChip
      kind="verification"
      value={status}
      title={verificationStatusInfo(status).meaning || undefined}
    />
  );
}
