/**
 * What the visitor may be asked before a conversation is created: the consent line and the pre-chat form,
 * with the memory of what they settled. A file of its own, which the panel loads only when the settings
 * ask for a disclaimer, consent or a form; it uses only what the panel file holds.
 */
import gateCss from '../ui/gate.css?inline';

export { createGate } from '../store/gate';
export { Disclaimer } from '../ui/Disclaimer';
export { PrechatForm } from '../ui/PrechatForm';

/** Their stylesheet, for the widget's shadow root. */
export const css: string = gateCss;
