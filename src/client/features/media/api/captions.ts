// PUT and DELETE /api/media/Captions/{id}: a video's WebVTT captions, set from the file's text.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { removeMediaCaptions, setMediaCaptions } from '../../../../shared/endpoints/media-captions';
import { CAPTIONS_MAX_CHARS, CAPTIONS_NOT_WEBVTT_MESSAGE, CAPTIONS_TOO_LARGE_MESSAGE } from '../../../../shared/schemas/media';
import { mediaQueryKey } from './get-media-library';

/** The caption file's text, or the reason it is not a WebVTT file the server would take. */
export async function readCaptionFile(file: File): Promise<{ vtt: string } | { error: string }> {
  if (file.size > CAPTIONS_MAX_CHARS * 4) return { error: CAPTIONS_TOO_LARGE_MESSAGE };
  const vtt = await file.text();
  if (vtt.length > CAPTIONS_MAX_CHARS) return { error: CAPTIONS_TOO_LARGE_MESSAGE };
  if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(vtt)) return { error: CAPTIONS_NOT_WEBVTT_MESSAGE };
  return { vtt };
}

export function useSetCaptions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vtt }: { id: number | string; vtt: string }) => call(setMediaCaptions, { params: { id }, body: { vtt } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}

export function useRemoveCaptions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => call(removeMediaCaptions, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
