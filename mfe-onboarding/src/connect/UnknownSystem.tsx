// `/connect/{pms}` for a name Hostdash does not connect: says so, and lists the systems it does.
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { PageFrame } from '@hostdash/shared-ui';
import type { PmsSystem } from './onboardApi';

export function SystemList({ systems }: { systems: readonly PmsSystem[] }) {
  return (
    <Box
      component="ul"
      aria-label="Systems Hostdash connects"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {systems.map((system) => (
        <li key={system.name}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={`/connect/${system.name}`}
              sx={{ p: 1.5, height: '100%' }}
            >
              <Stack spacing={0.5}>
                <Typography sx={{ fontWeight: 600 }}>{system.label}</Typography>
                {system.real_adapter ? (
                  <Chip
                    size="small"
                    color="success"
                    variant="outlined"
                    label="Live connection"
                    sx={{ alignSelf: 'start' }}
                  />
                ) : (
                  <Typography variant="caption" color="textSecondary">
                    {system.connectable ? 'Sandbox' : 'Cannot be connected yet'}
                  </Typography>
                )}
              </Stack>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}

export function UnknownSystem({ name, systems }: { name: string; systems: readonly PmsSystem[] }) {
  return (
    <PageFrame
      width="form"
      title="We don’t connect this system"
      subtitle={`Hostdash has no connection called “${name}”. Choose your property-management system:`}
    >
      <SystemList systems={systems} />
    </PageFrame>
  );
}
