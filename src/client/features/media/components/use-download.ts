// Download with the spec's failure dialog ('Error' with the server message).
import { useAlertDialog } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { useDownloadMedia } from '../api/download-media';

export function useDownloadAction() {
  const download = useDownloadMedia();
  const alert = useAlertDialog();
  const toast = useToast();
  return {
    pending: download.isPending,
    start: (id: number) =>
      download.mutate(id, {
        onSuccess: (r) => {
          if (r.native) toast('Sent to the device');
        },
        onError: (err) => void alert('Error', err.message),
      }),
  };
}
