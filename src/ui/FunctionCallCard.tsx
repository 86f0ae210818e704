import { useState } from 'preact/hooks';
import type { FunctionCallPart } from '../model';
import { humanizeName } from './format';
import { FunctionCallTree } from './FunctionCallTree';
import { Icon } from './Icon';
import { fill, type Strings } from './strings';

/** Props of {@link FunctionCallCard}. */
export interface FunctionCallCardProps {
  part: FunctionCallPart;
  strings: Strings;
  /** The id of the details (unique in the widget). */
  id: string;
}

/**
 * One tool the assistant ran, as a compact card: its name in words and whether it worked (icon and
 * text, not color alone). The button expands the arguments and the result, built only when asked for.
 */
export function FunctionCallCard({ part, strings, id }: FunctionCallCardProps) {
  const [expanded, setExpanded] = useState(false);
  const ok = part.state === 'success';
  const name = humanizeName(part.name) || strings.unnamed;
  return (
    <div class={ok ? 'call-card is-success' : 'call-card is-error'}>
      <button type="button" class="call-summary" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
        <span class="call-icon">
          <Icon name={ok ? 'check' : 'alert'} />
        </span>
        <span class="call-name">{name}</span>
        <span class="call-state">{ok ? strings.callSucceeded : strings.callFailed}</span>
        <Icon name="chevron" class="chevron" />
      </button>
      <div class="call-details" id={id} role="group" aria-label={fill(strings.callDetails, { name })} hidden={!expanded}>
        {expanded && (
          <>
            <p class="call-label">{strings.arguments}</p>
            <FunctionCallTree value={part.arguments} strings={strings} />
            <p class="call-label">{strings.result}</p>
            <FunctionCallTree value={part.result} strings={strings} />
            <p class="call-raw-name">{part.name}</p>
          </>
        )}
      </div>
    </div>
  );
}
