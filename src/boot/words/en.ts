/** The launcher's words in English (see ../words.ts). */
import type { LauncherWords } from '../words';

export const words: LauncherWords = {
  title: 'Chat with us',
  loading: 'Loading the chat…',
  loadFailed: 'The chat could not be loaded.',
  retry: 'Retry',
};
