// Download with the spec's failure dialog ('Error' with the server message). With no network, a
// favourite kept on this device downloads from there, or inside the device app goes to
// its media import with the file's content.
import { useAlertDialog } from '../../../components/confirm';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { downloadOfflineFile } from '../../../offline/later';
import { useOnline } from '../../../offline/use-online';
import type { MediaItem } from '../../../../shared/schemas/media';
import { useDownloadMedia } from '../api/download-media';

export function useDownloadAction() {
  const download = useDownloadMedia();
  const alert = useAlertDialog();
  const toast = useToast();
  const online = useOnline();
  const fromDevice = async (media: Pick<MediaItem, 'uuid_id'>) => {
    try {
      const saved = await downloadOfflineFile('media', media.uuid_id);
      if (saved === 'device') toast('Sent to the device');
      if (saved) return true;
    } catch (err) {
      // The device app refused the kept file.
      void alert('Error', (err as Error).message || 'Invalid response');
      return false;
    }
    void alert('Error', 'This media is not available offline');
    return false;
  };
  return {
    pending: download.isPending,
    start: (media: Pick<MediaItem, 'id' | 'uuid_id'>) => {
      if (!online) return void fromDevice(media);
      download.mutate(media.id, {
        onSuccess: (r) => {
          if (r.native) toast('Sent to the device');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 0) void fromDevice(media);
          else void alert('Error', err.message);
        },
      });
    },
  };
}
