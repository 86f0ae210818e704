/**
 * A Svelte 5 app with the `<assistant-chat>` element, as the README tells Svelte apps to: the element's entry
 * is imported before the app mounts, so Svelte sets the element's properties (objects and booleans as they are).
 */
import 'assistant-chat-widget/element';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
