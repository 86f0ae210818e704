/** The launcher's words in German (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Schreiben Sie uns',
  loading: 'Der Chat wird geladen…',
  loadFailed: 'Der Chat konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
};
