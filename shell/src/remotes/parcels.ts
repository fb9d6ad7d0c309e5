// Mounting a remote's module as a single-spa parcel inside a box of the shell's (a page or a
// widget), the same way for both: a render error inside it is reported to the box, never thrown
// at the shell, and unmounting waits until mounting has finished.
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';

/** Mounts `module` into `host`; `fail` hears an error thrown while the module renders. */
export function mountContained<Props extends object>(
  module: ParcelConfig<Props>,
  props: Props,
  host: HTMLElement,
  fail: (error: unknown) => void,
): Parcel<Props> {
  return mountRootParcel<Props>(module, {
    ...props,
    domElement: host,
    // single-spa-react calls this when the remote's tree throws while rendering.
    errorBoundary: (error: Error) => {
      queueMicrotask(() => fail(error));
      return null;
    },
  });
}

/** Unmounts once mounting has finished: single-spa refuses to unmount a parcel still mounting. */
export async function unmountWhenMounted(parcel: Parcel): Promise<void> {
  await parcel.mountPromise.catch(() => undefined);
  if (parcel.getStatus() === 'MOUNTED') await parcel.unmount();
}
