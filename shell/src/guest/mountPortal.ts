// Mounting the guest portal in the guest page without single-spa (contract 1.23.0,
// docs/adr/0035-guest-page-weight.md): its lifecycles in order, with the props single-spa gave a
// parcel by the same names. As with any remote, an error thrown while it renders is told to the
// page, never thrown at it, and unmounting waits until mounting has finished.
import type {
  GuestPortalModule,
  GuestPortalMountProps,
  GuestPortalProps,
} from '@hostdash/shared-auth';

export interface MountedPortal {
  /** Settles once the portal has mounted (or failed to). */
  mounted: Promise<void>;
  unmount(): Promise<void>;
}

export function mountPortal(
  portal: GuestPortalModule,
  props: GuestPortalProps,
  host: HTMLElement,
  fail: (error: unknown) => void,
): MountedPortal {
  const lifecycleProps: GuestPortalMountProps = {
    ...props,
    domElement: host,
    name: 'guestportal/guestPortal',
    errorBoundary: (error: Error) => {
      queueMicrotask(() => fail(error));
      return null;
    },
  };
  const mounted = portal
    .bootstrap(lifecycleProps)
    .then(() => portal.mount(lifecycleProps))
    .then(() => undefined);
  let unmounting: Promise<void> | null = null;
  return {
    mounted,
    unmount: () =>
      (unmounting ??= mounted.then(
        () => portal.unmount(lifecycleProps).then(() => undefined),
        () => undefined,
      )),
  };
}
