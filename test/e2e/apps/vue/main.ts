/**
 * A Vue 3 app with the `<assistant-chat>` element, as the README tells Vue apps to: the element's entry is
 * imported before the app mounts (Vue sets a binding as a property only where the element already has it),
 * and Vite's Vue plugin is told that `assistant-chat` is a custom element.
 */
import 'assistant-chat-widget/element';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
