/** The launcher's words in Turkish (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Bize yazın',
  loading: 'Sohbet yükleniyor…',
  loadFailed: 'Sohbet yüklenemedi.',
  retry: 'Tekrar dene',
};
