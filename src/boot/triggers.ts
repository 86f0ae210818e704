/**
 * The site's own buttons, without a line of script (so a strict CSP is no obstacle): any element with
 * `data-assistant-chat="open|close|toggle"` (and `data-assistant-id` to pick one widget of several), and links
 * to `#assistant-chat`.
 */

/** What a trigger asks for. */
export type TriggerAction = 'open' | 'close' | 'toggle';

/**
 * Listens to clicks on `doc` for the triggers of the widget of `assistantId`; `act` gets the action and the
 * trigger (which gets focus back when the chat closes). Returns the function that stops listening.
 */
export function listenToTriggers(doc: Document, assistantId: string, act: (action: TriggerAction, trigger: Element) => void): () => void {
  const onClick = (event: Event) => {
    const { target } = event;
    const trigger = target instanceof Element ? target.closest('[data-assistant-chat],a[href="#assistant-chat"]') : null;
    const only = trigger?.getAttribute('data-assistant-id');
    if (!trigger || (only && only.toLowerCase() !== assistantId)) return;
    event.preventDefault();
    const action = trigger.getAttribute('data-assistant-chat');
    act(action === 'toggle' || action === 'close' ? action : 'open', trigger);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
