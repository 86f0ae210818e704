/** The launcher's words in Polish (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Napisz do nas',
  loading: 'Ładowanie czatu…',
  loadFailed: 'Nie udało się załadować czatu.',
  retry: 'Spróbuj ponownie',
};
