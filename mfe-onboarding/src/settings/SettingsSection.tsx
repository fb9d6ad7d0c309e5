// One section of the settings page: a card with its own heading (h2), named by it for assistive
// technology (a region), with what it is about under the heading.
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@mui/material';

export function SettingsSection({
  title,
  subheader,
  action,
  children,
}: {
  title: string;
  subheader?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }}
        sx={{ pb: 0, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
