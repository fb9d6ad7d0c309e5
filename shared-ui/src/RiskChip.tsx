import { Chip } from '@mui/material';
import { riskColourInfo } from '@hostdash/shared-auth';

/** A reservation's risk colour, with its score when known. */
export function RiskChip({ colour, score }: { colour: string; score?: number }) {
  const info = riskColourInfo(colour);
  return (
    <Chip
      size="small"
      label={score === undefined ? info.label : `${info.label} · ${score}`}
      title={info.meaning}
      sx={{ bgcolor: info.background, color: info.text, fontWeight: 600 }}
    />
  );
}
