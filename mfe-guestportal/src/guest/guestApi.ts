// The guest portal's calls (issue 16), typed with the API contract. The guest is not signed in:
// every call carries the guest link's token in the X-Guest-Token header — never in a path or
// query, where an access log could keep it — through shared-auth's fetch client: the guest page
// carries no axios (docs/adr/0035-guest-page-weight.md).
import { createFetchClient, type FetchClient } from '@hostdash/shared-auth/guest';

import type { components } from '@hostdash/api-contract';

export type GuestPortal = components['schemas']['GuestPortal'];
export type GuestPortalScreen = components['schemas']['GuestPortalScreen'];
export type GuestImage = components['schemas']['GuestImage'];
export type ScreenName = GuestPortalScreen['name'];
export type ScreenField = GuestPortalScreen['fields'][number]['name'];
export type ImageKind = GuestImage['kind'];
export type ScreenValues = GuestPortalScreen['values'];

export const IMAGE_FIELDS: readonly ImageKind[] = ['id_front', 'id_back', 'selfie'];

export const isImageField = (field: string): field is ImageKind =>
  (IMAGE_FIELDS as readonly string[]).includes(field);

export interface GuestApi {
  portal(): Promise<GuestPortal>;
  saveScreen(name: ScreenName, values: ScreenValues): Promise<GuestPortal>;
  uploadImage(
    kind: ImageKind,
    photo: Blob,
    onProgress?: (fraction: number) => void,
  ): Promise<GuestImage>;
  image(kind: ImageKind): Promise<Blob>;
  complete(): Promise<GuestPortal>;
  /** Keeps the guest's language with the link: their other devices and their mails use it. */
  chooseLanguage(language: GuestPortal['language']): Promise<GuestPortal>;
}

/**
 * The calls of one guest link. `firstPortal` is the page's own GET /guest/portal, started before
 * this code loaded: the first `portal()` reads its answer instead of asking again.
 */
export function createGuestApi(
  apiBase: string,
  token: string,
  firstPortal?: Promise<Response>,
  client: FetchClient = createFetchClient({ baseURL: apiBase }),
): GuestApi {
  const headers = { 'x-guest-token': token };
  const segment = encodeURIComponent;
  let started = firstPortal;
  return {
    portal: () => {
      const answer = started;
      started = undefined;
      return answer
        ? client.read<GuestPortal>(answer)
        : client.get<GuestPortal>('/guest/portal', { headers });
    },
    saveScreen: (name, values) =>
      client.post<GuestPortal>(`/guest/portal/screen/${segment(name)}`, {
        headers,
        data: { values },
      }),
    uploadImage: (kind, photo, onProgress) =>
      client.post<GuestImage>(`/guest/portal/image/${segment(kind)}`, {
        // The photo's own bytes, not JSON; the API checks what they are, whatever the type says.
        headers: { ...headers, 'content-type': photo.type || 'application/octet-stream' },
        data: photo,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      }),
    image: (kind) =>
      client.get<Blob>(`/guest/portal/image/${segment(kind)}`, { headers, responseType: 'blob' }),
    complete: () => client.post<GuestPortal>('/guest/portal/complete', { headers }),
    chooseLanguage: (language) =>
      client.post<GuestPortal>('/guest/portal/language', { headers, data: { language } }),
  };
}
