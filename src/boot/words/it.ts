/** The launcher's words in Italian (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Scrivici',
  loading: 'Caricamento della chat…',
  loadFailed: 'Non è stato possibile caricare la chat.',
  retry: 'Riprova',
};
