// The dashboard: what a signed-in page runs on (and a remote's page without a user, such as
// /connect/{pms}): the one store with its sagas, the remotes, the snackbar and the new-version
// notice. A chunk of its own: a sign-in page without a user never loads it (Shell.tsx).
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  authActions,
  selectIsAuthenticated,
  selectUser,
  type RouteDef,
  type SignedIn,
  type User,
} from '@hostdash/shared-auth';
import type { ClientConfig } from '../config';
import { identifyFlagsUser, resetFlagsUser } from '../flags/featureFlags';
import { NavigationDrawer } from '../layout/NavigationDrawer';
import { PreviewBar } from '../layout/PreviewBar';
import { ShellSnackbar } from '../layout/ShellSnackbar';
import { FollowViewedAccount, ViewingBar } from '../layout/ViewingBar';
import { setRegistryUser } from '../remotes/registry';
import { RemotePage } from '../remotes/RemotePage';
import { createShellStore } from '../store/store';
import { NewVersionNotice } from './NewVersionNotice';
import { FeatureInjectionProvider } from './ShellContext';

/** What the shell holds of a started dashboard. */
export interface Dashboard {
  /** Around the pages: the store, the snackbar and the new-version notice. */
  Frame: (props: { children: ReactNode }) => ReactNode;
  /** A page a remote renders. */
  RemotePage: (props: { route: RouteDef }) => ReactNode;
  /**
   * The signed-in frame's parts that read the store: the side navigation and, for staff inside a
   * host's account, whose it is. In this chunk, so a signed-in page paints them with its first
   * render (the dashboard is open before it) and the sign-in page loads neither.
   */
  Navigation: typeof NavigationDrawer;
  ViewingBar: typeof ViewingBar;
  /** A version of a remote only this browser gets (preview before canary), and a preview link. */
  PreviewBar: typeof PreviewBar;
  /** Who is signed in, by the store; `subscribe` tells of every change. */
  user(): User | null;
  subscribe(listener: () => void): () => void;
  /** A sign-in succeeded in the page. */
  signIn(signedIn: SignedIn): void;
  /**
   * Signs out in the API while signed in; once signed out, resets every slice. Resolves when the
   * store holds nobody any more.
   */
  signOut(): Promise<void>;
}

/** The store for this page (with the user the server checked, if any) and what runs on it. */
export function startDashboard(config: ClientConfig): Dashboard {
  const { store, injectFeature } = createShellStore({
    user: config.user,
    identifyUser: identifyFlagsUser,
    resetUser: resetFlagsUser,
  });
  // Subscribed before anything renders, so a sign-in inside the page reaches the registry before
  // the user's first remote loads (a canary is per user).
  store.subscribe(() => setRegistryUser(selectUser(store.getState())?.id ?? null));

  function Frame({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <FeatureInjectionProvider injectFeature={injectFeature}>
          {children}
          <FollowViewedAccount />
          <ShellSnackbar />
          <NewVersionNotice />
        </FeatureInjectionProvider>
      </Provider>
    );
  }

  return {
    Frame,
    RemotePage,
    Navigation: NavigationDrawer,
    ViewingBar,
    PreviewBar,
    user: () => selectUser(store.getState()),
    subscribe: (listener) => store.subscribe(listener),
    signIn: (signedIn) => store.dispatch(authActions.signedIn(signedIn)),
    signOut: () => {
      store.dispatch(
        selectIsAuthenticated(store.getState())
          ? authActions.logout.requested()
          : authActions.reset(),
      );
      return new Promise<void>((resolve) => {
        const signedOut = () => {
          if (selectIsAuthenticated(store.getState())) return false;
          resolve();
          return true;
        };
        if (signedOut()) return;
        const unsubscribe = store.subscribe(() => {
          if (signedOut()) unsubscribe();
        });
      });
    },
  };
}
