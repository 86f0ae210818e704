/** The launcher's words in Portuguese (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Fale conosco',
  loading: 'Carregando o chat…',
  loadFailed: 'Não foi possível carregar o chat.',
  retry: 'Tentar novamente',
};
