// What the guest's check-in shows after the welcome: the host's screens with their fields and
// photos, a refusal of the form, and the end. A chunk of its own (loadSteps.ts), with the MUI
// only these use (checkboxes, helper texts, alerts, links: the guest page provides them on
// demand, build/shared/mui-guest-steps.js): the welcome's first paint on a phone waits for none
// of it (docs/adr/0035-guest-page-weight.md).
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';

export { Done } from './Done';
export { preparePhoto } from './preparePhoto';
export { fieldLabel, ScreenView } from './ScreenView';

/** What stopped the form (not one field's problem): below the screen, above its buttons. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <Alert severity="error" sx={{ mt: 3 }}>
      {children}
    </Alert>
  );
}
