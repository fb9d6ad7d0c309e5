// The contract between the shell and a remote: what a remote's `./feature` entry exports and what
// the shell passes to it when it mounts it as a single-spa parcel. Types only, so this module is
// free of React, MUI and react-router (the props use structural types).
import type { Reducer, Store } from 'redux';
import type { Saga } from 'redux-saga';
import type { RemoteName } from './access';

/** A remote's redux slice, injected into the shell's one store when the remote first mounts. */
export interface FeatureSlice {
  key: string;
  reducer: Reducer;
  saga?: Saga;
}

export interface FeatureLocation {
  pathname: string;
  search: string;
  hash: string;
  state?: unknown;
  key?: string;
}

export interface FeatureNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What the shell passes to a mounted remote. */
export interface FeatureProps {
  /** The shell's one redux store. */
  store: Store;
  /** The current location of the shell's one browser history. */
  location: FeatureLocation;
  /** Navigates the shell's history. */
  navigate: (to: string, options?: FeatureNavigateOptions) => void;
  /** The shell's react-router navigator, for `<Router navigator location>` inside the remote. */
  navigator: unknown;
  /** The shell's MUI theme: remotes never create their own. */
  theme: unknown;
  /**
   * The shell's widget host (contract 1.9.0): a React component that mounts another remote's
   * widget in this page, contained like a page (docs/adr/0017-widgets.md). Typed structurally;
   * render it as `<Widget app name props unavailable label />`.
   */
  Widget: WidgetHost;
}

/** What the shell passes to a mounted widget. */
export interface WidgetProps<Props extends Record<string, unknown> = Record<string, unknown>> {
  store: Store;
  theme: unknown;
  navigate: (to: string, options?: FeatureNavigateOptions) => void;
  /** What the embedding page gave it (e.g. `{ listingId }`); a change updates the mounted widget. */
  props: Props;
}

/**
 * A module a remote exposes to be embedded in another remote's page (`./<name>`): single-spa
 * lifecycles, and its slice when it keeps state in the store.
 */
export interface WidgetModule extends FeatureLifecycles<WidgetProps> {
  slice?: FeatureSlice;
}

/** What an embedding page asks the widget host for. */
export interface WidgetRequest {
  /** The remote that exposes the widget. */
  app: RemoteName;
  /** Its exposed module, without `./` (`screensWidget`). */
  name: string;
  props: Record<string, unknown>;
  /** Said in the widget's box when it cannot be shown ("Guest portal settings are temporarily unavailable"). */
  unavailable: string;
  /** The accessible name of the widget's box. */
  label: string;
}

/** The shell's widget host: a React component (typed structurally, without React). */
export type WidgetHost = (request: WidgetRequest) => unknown;

export interface FeatureLifecycles<Props = FeatureProps> {
  bootstrap: (props: Props) => Promise<unknown>;
  mount: (props: Props) => Promise<unknown>;
  unmount: (props: Props) => Promise<unknown>;
  update?: (props: Props) => Promise<unknown>;
}

/** The module a remote exposes as `./feature`. */
export interface FeatureModule extends FeatureLifecycles {
  slice: FeatureSlice;
}

export const FEATURE_EXPOSE = 'feature';

/**
 * What the guest page (the shell's `guest` entry, docs/adr/0018-guest-page.md) passes to the
 * guest portal it mounts at /guest/<token>: no store, no session, no navigation of the dashboard.
 */
export interface GuestPortalProps {
  /** The guest link's token; the portal sends it in the X-Guest-Token header, never in a URL. */
  token: string;
  /** Where the API is from the page (`/api`: through the shell server's proxy). */
  apiBase: string;
  /** The shell's MUI theme (from the same theme options as the dashboard's). */
  theme: unknown;
  /**
   * The page's own GET /guest/portal, started at once, while the portal's code loads (contract
   * 1.23.0): the portal reads its answer instead of asking again. A shell before 1.23 passes none.
   */
  firstPortal?: Promise<Response>;
}

/**
 * What the guest page passes to the portal's lifecycles (contract 1.23.0): its props, where to
 * render and what to call when the portal's tree throws. The page mounts the portal without
 * single-spa; these are the names single-spa gives a parcel, so a portal built on single-spa-react
 * mounts alike.
 */
export interface GuestPortalMountProps extends GuestPortalProps {
  domElement: HTMLElement;
  /** The mount's name (single-spa-react keys its roots by it). */
  name: string;
  /** Hears an error thrown while the portal renders; what it returns is shown instead (nothing). */
  errorBoundary: (error: Error) => null;
}

/** The module the guest-portal remote exposes as `./guestPortal`: mount lifecycles. */
export type GuestPortalModule = FeatureLifecycles<GuestPortalMountProps>;

export const GUEST_PORTAL_EXPOSE = 'guestPortal';
