import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { FunctionCallPart } from '../model';
import { humanizeName } from './format';
import { FunctionCallTree } from './FunctionCallTree';
import { Icon } from './Icon';
import { fill, type Strings } from './strings';

/** Props of {@link FunctionCallCard}. */
export interface FunctionCallCardProps {
  part: FunctionCallPart;
  strings: Strings;
}

/**
 * One tool the assistant ran, as a compact card: its name in words and whether it worked (icon and
 * text, not color alone). The button expands the arguments and the result, built only when asked for.
 */
export function FunctionCallCard({ part, strings }: FunctionCallCardProps) {
  const expanded = useSignal(false);
  const id = useId();
  const ok = part.state === 'success';
  const name = humanizeName(part.name) || strings.unnamed;
  return (
    <div class={ok ? 'fc ok' : 'fc err'}>
      <button
        type="button"
        class="fc-head"
        aria-expanded={expanded.value}
        aria-controls={id}
        onClick={() => (expanded.value = !expanded.value)}
      >
        <span class="fc-icon">
          <Icon name={ok ? 'check' : 'alert'} />
        </span>
        <span class="fc-name">{name}</span>
        <span class="fc-state">{ok ? strings.callSucceeded : strings.callFailed}</span>
        <Icon name="chevron" class="fc-chev" />
      </button>
      <div class="fc-body" id={id} role="group" aria-label={fill(strings.callDetails, { name })} hidden={!expanded.value}>
        {expanded.value && (
          <>
            <p class="fc-label">{strings.arguments}</p>
            <FunctionCallTree value={part.arguments} strings={strings} />
            <p class="fc-label">{strings.result}</p>
            <FunctionCallTree value={part.result} strings={strings} />
            <p class="fc-raw">{part.name}</p>
          </>
        )}
      </div>
    </div>
  );
}
