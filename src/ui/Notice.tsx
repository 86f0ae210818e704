import type { ChatNotice } from '../model';
import { Icon } from './Icon';
import type { Strings } from './strings';

/** Props of {@link Notice}. */
export interface NoticeProps {
  notice: ChatNotice;
  strings: Strings;
  onDismiss: () => void;
}

/** A short, dismissible note, e.g. that the old conversation was replaced by a new one. */
export function Notice({ notice, strings, onDismiss }: NoticeProps) {
  return (
    <div class="notice" role="status">
      <p>{notice === 'conversation-replaced' ? strings.noticeReplaced : strings.noticeReset}</p>
      <button type="button" class="ib" aria-label={strings.dismiss} onClick={onDismiss}>
        <Icon name="close" />
      </button>
    </div>
  );
}
