// Runs a group action from a button: a toast with `done` when it succeeds, an alert with the
// server's message when it fails.
import { useAlertDialog } from '../../../components/confirm';
import { useToast } from '../../../components/toast';

export function useRunAction(): (action: () => Promise<unknown>, done: string) => Promise<void> {
  const toast = useToast();
  const alert = useAlertDialog();
  return async (action, done) => {
    try {
      await action();
      toast(done);
    } catch (err) {
      await alert('Error', (err as Error).message); // 'Error' shows in the app's language (dialogs translate it)
    }
  };
}
