// The guest portal as the shell's guest page mounts it (`./guestPortal`, docs/adr/0018-guest-
// page.md): lifecycles around the portal, with the guest link's token, the API's address, the
// shell's theme and the page's first GET /guest/portal. No store: the portal keeps its own state.
// Written out rather than made by single-spa-react: the guest page mounts it without single-spa,
// and every kilobyte counts on a guest's phone (docs/adr/0035-guest-page-weight.md).
import { Component, useMemo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ThemeProvider, type Theme } from '@mui/material';
import type { GuestPortalMountProps, GuestPortalProps } from '@hostdash/shared-auth/guest';
import { createGuestApi } from './guestApi';
import { GuestPortalApp } from './GuestPortalApp';

export function GuestPortalRoot({ token, apiBase, theme, firstPortal }: GuestPortalProps) {
  const api = useMemo(
    () => createGuestApi(apiBase, token, firstPortal),
    [apiBase, token, firstPortal],
  );
  return (
    <ThemeProvider theme={theme as Theme}>
      <GuestPortalApp api={api} />
    </ThemeProvider>
  );
}

/** Tells the page of an error thrown while the portal renders, and shows what it says (nothing). */
class PortalBoundary extends Component<
  { onError: (error: Error) => null; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? this.props.onError(this.state.error) : this.props.children;
  }
}

const roots = new Map<string, Root>();

export const bootstrap = async () => undefined;

export async function mount(props: GuestPortalMountProps) {
  const { domElement, name, errorBoundary, ...portal } = props;
  const root = createRoot(domElement);
  roots.set(name, root);
  root.render(
    <PortalBoundary onError={errorBoundary}>
      <GuestPortalRoot {...portal} />
    </PortalBoundary>,
  );
}

export async function unmount({ name }: GuestPortalMountProps) {
  roots.get(name)?.unmount();
  roots.delete(name);
}
