import { Guard } from './Guard';
import { Markdown } from './Markdown';
import { renderPlainText } from './plain-text';
import type { Strings } from './strings';

/** Props of {@link Disclaimer}. */
export interface DisclaimerProps {
  /** `data-disclaimer`: markdown (links allowed); absent when the site asks for consent without words of its own. */
  text: string | undefined;
  /** The visitor has yet to accept it (`data-consent="required"`): the Accept button shows. */
  asking: boolean;
  strings: Strings;
  onAccept: () => void;
}

// Unique enough: every widget renders into a shadow root of its own.
const TEXT_ID = 'acw-disclaimer';

/**
 * The site's line above the composer (what happens to messages), with the button that accepts it when
 * consent is required; the button is described by the line, so a screen reader says what is accepted.
 */
export function Disclaimer({ text, asking, strings, onAccept }: DisclaimerProps) {
  return (
    <div class="disclaimer">
      {text && (
        <div class="disclaimer-text" id={TEXT_ID}>
          <SiteText text={text} strings={strings} />
        </div>
      )}
      {asking && (
        <button type="button" class="disclaimer-accept" aria-describedby={text ? TEXT_ID : undefined} onClick={onAccept}>
          {strings.consentAccept}
        </button>
      )}
    </div>
  );
}

/** The site's markdown, or (should the renderer fail on it) its plain text: the line must show either way. */
function SiteText({ text, strings }: { text: string; strings: Strings }) {
  return (
    <Guard fallback={renderPlainText(text, strings)}>
      <Markdown text={text} strings={strings} />
    </Guard>
  );
}
