/** The launcher's words in Dutch (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Chat met ons',
  loading: 'De chat wordt geladen…',
  loadFailed: 'De chat kon niet worden geladen.',
  retry: 'Opnieuw proberen',
};
