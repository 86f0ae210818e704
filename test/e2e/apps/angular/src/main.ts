/**
 * An Angular app (zoneless, as Angular 21 starts) with the `<assistant-chat>` element, as the README tells
 * Angular apps to: the element's entry imported once, `CUSTOM_ELEMENTS_SCHEMA` in the component that uses it,
 * property bindings for objects and booleans, event bindings for its events.
 */
import 'assistant-chat-widget/element';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app';

bootstrapApplication(App).catch((error: unknown) => console.error(error));
