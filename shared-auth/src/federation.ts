// The contract between the shell and a remote: what a remote's `./feature` entry exports and what
// the shell passes to it when it mounts it as a single-spa parcel. Types only, so this module is
// free of React, MUI and react-router (the props use structural types).
import type { Reducer, Store } from 'redux';
import type { Saga } from 'redux-saga';

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
}

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
