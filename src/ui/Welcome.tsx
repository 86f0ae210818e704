import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Icon } from './Icon';

/**
 * The assistant's picture (`data-avatar`), else the chat icon: the picture is asked for only once `shown`
 * (the panel is open), and the icon takes its place when it fails to load. Decorative: the title names
 * the assistant.
 */
export function Avatar({ src, shown }: { src: string | undefined; shown: boolean }) {
  const [failed, setFailed] = useState<string>();
  return (
    <span class="avatar" aria-hidden="true">
      {src && shown && failed !== src ? <img src={src} alt="" onError={() => setFailed(src)} /> : <Icon name="chat" />}
    </span>
  );
}

/** Props of {@link Welcome}. */
export interface WelcomeProps {
  title: string;
  /** `data-subtitle`. */
  subtitle: string | undefined;
  /** `data-avatar`. */
  avatar: string | undefined;
  /** Whether the panel is shown (the avatar loads only then). */
  shown: boolean;
  /** Under the words: the starter prompts, or the pre-chat form. */
  children?: ComponentChildren;
}

/** What a conversation without messages (no greeting) opens to: the assistant's picture, title and subtitle. */
export function Welcome({ title, subtitle, avatar, shown, children }: WelcomeProps) {
  return (
    <div class="welcome">
      <Avatar src={avatar} shown={shown} />
      <p class="welcome-title">{title}</p>
      {subtitle && <p class="welcome-subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
