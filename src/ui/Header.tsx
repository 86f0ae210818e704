import { Icon } from './Icon';
import type { Strings } from './strings';

/** Props of {@link Header}. */
export interface HeaderProps {
  title: string;
  strings: Strings;
  onNewConversation: () => void;
  /** Absent in inline mode, where the panel cannot be closed. */
  onClose?: () => void;
}

/** The panel's header: the title, "new conversation" and close. */
export function Header({ title, strings, onNewConversation, onClose }: HeaderProps) {
  return (
    <div class="head">
      <span class="av" aria-hidden="true">
        <Icon name="chat" />
      </span>
      <h2 class="title">{title}</h2>
      <button type="button" class="ib" aria-label={strings.newConversation} title={strings.newConversation} onClick={onNewConversation}>
        <Icon name="compose" />
      </button>
      {onClose && (
        <button type="button" class="ib" aria-label={strings.close} title={strings.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      )}
    </div>
  );
}
