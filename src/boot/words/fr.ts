/** The launcher's words in French (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Écrivez-nous',
  loading: 'Chargement du chat…',
  loadFailed: 'Le chat n’a pas pu être chargé.',
  retry: 'Réessayer',
};
