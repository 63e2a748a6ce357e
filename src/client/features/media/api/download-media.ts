// GET /api/media/Download/{id}: a signed link. Spec section 4 "Media download": inside the native
// wrapper, url and fileName go to the native media-import handler; otherwise the browser navigates
// to the url (an attachment, so the page stays).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as mediaApi from '../../../../shared/endpoints/media';
import { isNativeApp, postNative } from '../../../lib/native-bridge';
import type { DownloadLink } from '../../../../shared/schemas/common';
import { mediaQueryKey } from './get-media-library';

export const getDownloadLink = (id: number) => call(mediaApi.downloadMedia, { params: { id } });

export async function downloadMedia(id: number): Promise<DownloadLink & { native: boolean }> {
  const link = await getDownloadLink(id);
  // The native side fetches the file itself, so it needs an absolute URL.
  const url = new URL(link.url, window.location.origin).toString();
  if (isNativeApp() && postNative('mediaImport', { url, fileName: link.fileName })) return { ...link, url, native: true };
  window.location.assign(url);
  return { ...link, url, native: false };
}

export function useDownloadMedia() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: downloadMedia, onSuccess: () => qc.invalidateQueries({ queryKey: mediaQueryKey }) });
}
