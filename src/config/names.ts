/**
 * A setting's names where it can be given: the option and property (`showFunctionCalls`), the element's
 * attribute (`show-function-calls`) and the script tag's data attribute (`data-show-function-calls`).
 */
import type { ConfigSource } from './boot';
import { SETTINGS, type SettingName, type Surface } from './table';

/** `assistantId` → `assistant-id`. */
export function toAttributeName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** How problems name the setting `name`: `data-assistant-id` (script), `assistant-id` (element) or `assistantId` (options). */
export function settingName(name: string, source: ConfigSource = 'script'): string {
  return source === 'options' ? name : (source === 'script' ? 'data-' : '') + toAttributeName(name);
}

/** The settings that can be given on `surface`. */
export function settingsOn(surface: Surface): SettingName[] {
  return (Object.keys(SETTINGS) as SettingName[]).filter((name) => {
    const { surfaces } = SETTINGS[name] as { surfaces?: readonly Surface[] };
    return !surfaces || surfaces.includes(surface);
  });
}

/**
 * Reads the settings of an element's attributes (`data-` ones for the script tag, the bare names for
 * `<assistant-chat>`) into a record by setting name. Absent attributes are left out.
 */
export function readAttributes(element: Pick<Element, 'getAttribute'>, surface: 'script' | 'element'): Partial<Record<SettingName, string>> {
  const out: Partial<Record<SettingName, string>> = {};
  for (const name of settingsOn(surface)) {
    const value = element.getAttribute((surface === 'script' ? 'data-' : '') + toAttributeName(name));
    if (value !== null) out[name] = value;
  }
  return out;
}
