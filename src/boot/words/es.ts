/** The launcher's words in Spanish (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Escríbanos',
  loading: 'Cargando el chat…',
  loadFailed: 'No se pudo cargar el chat.',
  retry: 'Reintentar',
};
