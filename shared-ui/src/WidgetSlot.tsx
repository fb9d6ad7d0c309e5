// Where a remote's page embeds another remote's widget (ADR 17). The remote's root provides the
// shell's widget host (`FeatureProps.Widget`) once with `WidgetHostProvider`; a page puts a
// `WidgetSlot` where the widget goes. Run alone (the remote's own dev server) or in a shell older
// than contract 1.9.0, there is no host: the slot says the widget is unavailable, as it would if
// the other remote were down — so a remote using it needs no newer shell to run. The sentence is a
// status, not an alert: the page did nothing wrong, and a screen reader need not be interrupted.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import type { WidgetHost, WidgetRequest } from '@hostdash/shared-auth';

const WidgetHostContext = createContext<WidgetHost | null>(null);

export function WidgetHostProvider({
  host,
  children,
}: {
  host: WidgetHost | undefined;
  children: ReactNode;
}) {
  return <WidgetHostContext.Provider value={host ?? null}>{children}</WidgetHostContext.Provider>;
}

export function WidgetSlot(request: WidgetRequest) {
  const host = useContext(WidgetHostContext);
  if (!host)
    return (
      <section aria-label={request.label}>
        <Alert severity="warning" variant="outlined" role="status">
          {request.unavailable}
        </Alert>
      </section>
    );
  const Host = host as ComponentType<WidgetRequest>;
  return <Host {...request} />;
}
