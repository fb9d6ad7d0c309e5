import { Chip } from '@mui/material';
import { verificationStatusInfo } from '@hostdash/shared-auth';

export function VerificationChip({ status }: { status: string }) {
  const info = verificationStatusInfo(status);
  return (
    <Chip
      size="small"
      label={info.label}
      color={info.colour}
      title={info.meaning}
      variant={info.colour === 'default' ? 'outlined' : 'filled'}
    />
  );
}
