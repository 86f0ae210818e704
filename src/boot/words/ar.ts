/** The launcher's words in Arabic (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'راسلنا',
  loading: 'جارٍ تحميل المحادثة…',
  loadFailed: 'تعذّر تحميل المحادثة.',
  retry: 'إعادة المحاولة',
};
