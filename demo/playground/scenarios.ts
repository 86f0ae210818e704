/**
 * Ready-made scenarios: each one click sets up the assistant, starts a fresh conversation, opens the
 * widget and (for most) sends a message that makes the stand-in API's scripted assistant do something.
 */
import type { ConversationType } from '../../src/api/types';
import { DEMO_ASSISTANTS, UNKNOWN_ASSISTANT_ID } from './assistants';

/** One ready-made scenario. */
export interface Scenario {
  /** Stable id (used as the button's key and in tests). */
  id: 'greeting' | 'booking' | 'failing-tool' | 'slow-tool' | 'no-balance' | 'unknown-assistant';
  title: string;
  /** What the owner will see, in one line. */
  description: string;
  assistantId: string;
  /** `test` (free) for all but the "no balance" scenario, which shows what visitors of an unfunded site see. */
  type: ConversationType;
  /** Variables to set before the conversation starts; absent: keep the owner's. */
  variables?: Record<string, string>;
  /** The visitor's message, sent once the widget is open. */
  message?: string;
  /** Shown on the page while the scenario is active. */
  note?: string;
}

const NORTHWIND = DEMO_ASSISTANTS[0].id;
const UNFUNDED = DEMO_ASSISTANTS[2].id;

/** The scenarios, in the order the page lists them. */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'greeting',
    title: 'Greeting with variables',
    description: 'A fresh chat that greets “Ada” from the variables.',
    assistantId: NORTHWIND,
    type: 'test',
    variables: { name: 'Ada', clinic: 'Northwind Dental Harbourside' },
  },
  {
    id: 'booking',
    title: 'Booking with tools',
    description: 'Checks the calendar, books a slot: two tool cards.',
    assistantId: NORTHWIND,
    type: 'test',
    message: "I'd like to book an appointment",
  },
  {
    id: 'failing-tool',
    title: 'A tool that fails',
    description: 'cancel_appointment returns an error.',
    assistantId: NORTHWIND,
    type: 'test',
    message: 'Please cancel my appointment',
  },
  {
    id: 'slow-tool',
    title: 'A slow tool call',
    description: 'Takes seconds; the widget says it is working.',
    assistantId: NORTHWIND,
    type: 'test',
    message: 'Run a slow search',
  },
  {
    id: 'no-balance',
    title: 'Assistant without balance',
    description: 'What visitors see when the balance is empty.',
    assistantId: UNFUNDED,
    type: 'widget',
    note:
      'Visitors start billed “widget” conversations, so this one is too. The owner’s balance is empty: the API ' +
      'refuses it, and nothing is charged.',
  },
  {
    id: 'unknown-assistant',
    title: 'Unknown assistant',
    description: 'A UUID no assistant has: the API says 404.',
    assistantId: UNKNOWN_ASSISTANT_ID,
    type: 'test',
  },
];
