/** The launcher's words in Hebrew (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'דברו איתנו',
  loading: 'הצ׳אט נטען…',
  loadFailed: 'לא ניתן היה לטעון את הצ׳אט.',
  retry: 'ניסיון חוזר',
};
