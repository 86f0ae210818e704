/** The corner setting, drawn as a small screen with a radio button in each corner. */
import type { Corner } from '../../../src/config/table';
import { POSITIONS } from '../settings';

const LABELS: Record<Corner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

/** Four radio buttons in a 2×2 grid, one per corner. */
export function PositionPicker(props: { value: Corner; onChange: (position: Corner) => void }) {
  return (
    <fieldset class="field">
      <legend class="field__label">Position</legend>
      <div class="corners">
        {POSITIONS.map((position) => (
          <label key={position} class={`corner corner--${position}`}>
            <input type="radio" name="position" value={position} checked={props.value === position} onChange={() => props.onChange(position)} />
            <span class="corner__dot" aria-hidden="true" />
            <span class="corner__label">{LABELS[position]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
