import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { AssistantChatEventMap } from 'assistant-chat-widget/element';

// The API and the assistant come from the page's URL (`?api=…&assistant=…`).
const params = new URLSearchParams(location.search);

/** The clinic's page, with the chat. */
@Component({
  selector: 'clinic-app',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Riverside Clinic</h1>
      <button type="button" (click)="switchTheme()">Switch to the {{ otherTheme() }} theme</button>
      <button type="button" (click)="renderAgain()">Render again</button>
      <p>
        Renders: <output aria-label="Renders">{{ renders() }}</output>
      </p>
      <ul aria-label="Events">
        @for (event of events(); track $index) {
          <li>{{ event }}</li>
        }
      </ul>
      <assistant-chat
        [assistantId]="assistantId"
        [apiBase]="apiBase"
        type="test"
        [theme]="theme()"
        [variables]="visitor()"
        [showFunctionCalls]="false"
        [strings]="{ placeholder: 'Ask Riverside Clinic…' }"
        (chat-open)="heard('open')"
        (chat-close)="heard('close')"
        (chat-message)="onMessage($event)"
        (chat-conversation)="heard('conversation')"
      ></assistant-chat>
    </main>
  `,
})
export class App {
  readonly assistantId = params.get('assistant') ?? '';
  readonly apiBase = params.get('api') ?? '';
  readonly theme = signal<'light' | 'dark'>('light');
  readonly otherTheme = () => (this.theme() === 'light' ? 'dark' : 'light');
  readonly renders = signal(0);
  // "Render again" hands the element a new object with the same content, as an app's state often does.
  readonly visitor = signal({ name: 'Ada', clinic: 'Riverside Clinic' });
  readonly events = signal<string[]>([]);

  switchTheme(): void {
    this.theme.set(this.otherTheme());
  }

  renderAgain(): void {
    this.visitor.set({ ...this.visitor() });
    this.renders.update((count) => count + 1);
  }

  heard(event: string): void {
    this.events.update((events) => [...events, event]);
  }

  onMessage(event: Event): void {
    this.heard(`message ${(event as AssistantChatEventMap['chat-message']).detail.role}`);
  }
}
