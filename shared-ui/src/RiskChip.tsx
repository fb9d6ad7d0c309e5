import { Chip } from '@mui/material';
import { riskColourInfo } from '@hostdash/shared-auth';

/**
 * A risk as hosts read it on chips and in the protect log: "Orange · 55", or "Orange" without a
 * score. Here, not in shared-auth: it is compiled into each remote and adds nothing to the shell
 * contract.
 */
export const riskLabel = (colour: string, score?: number): string =>
  score === undefined ? riskColourInfo(colour).label : `${riskColourInfo(colour).label} · ${score}`;

/** A reservation's risk colour, with its score when known. */
export function RiskChip({ colour, score }: { colour: string; score?: number }) {
  const info = riskColourInfo(colour);
  return (
    <Chip
      size="small"
      label={riskLabel(colour, score)}
      title={info.meaning}
      sx={{ bgcolor: info.background, color: info.text, fontWeight: 600 }}
    />
  );
}
