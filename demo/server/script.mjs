// @ts-check
/**
 * The deterministic scripted assistant: a reply chosen by a keyword in the user's message.
 * The same message always gets the same reply (no clock, no randomness); nothing the user
 * typed is echoed back except digits of an order number.
 */

/**
 * @typedef {object} ScriptedReply
 * @property {string} message markdown
 * @property {import('./storage.mjs').StoredFunctionCall[]} function_calls
 * @property {number} toolMs extra time the tools take before the reply, in ms
 */

/**
 * @typedef {object} ScriptContext
 * @property {string} assistantName
 * @property {number} slowToolMs how long the "slow" tool takes
 */

/** The keywords, in the order they are tried. */
export const INTENTS = /** @type {const} */ (['slow', 'cancel', 'book', 'order', 'markdown', 'sources', 'hello', 'fallback']);

/**
 * Which intent a message triggers.
 * @param {string} text
 * @returns {(typeof INTENTS)[number]}
 */
export function intentOf(text) {
  const t = text.toLowerCase();
  if (/slow/.test(t)) return 'slow';
  if (/cancel/.test(t)) return 'cancel';
  if (/book|appointment|availability/.test(t)) return 'book';
  if (/order/.test(t)) return 'order';
  if (/markdown|help/.test(t)) return 'markdown';
  if (/source|price/.test(t)) return 'sources';
  if (/\b(hello|hi)\b/.test(t)) return 'hello';
  return 'fallback';
}

const SLOTS = [
  { start: '2030-03-05T09:00:00+01:00', end: '2030-03-05T09:45:00+01:00', dentist: { id: 12, name: 'Dr. Ana Silva' } },
  { start: '2030-03-05T14:30:00+01:00', end: '2030-03-05T15:15:00+01:00', dentist: { id: 7, name: 'Dr. Tomás Reyes' } },
  { start: '2030-03-07T11:00:00+01:00', end: '2030-03-07T11:45:00+01:00', dentist: { id: 12, name: 'Dr. Ana Silva' } },
];

/**
 * The scripted reply to a user message.
 * @param {string} text the user's message
 * @param {ScriptContext} context
 * @returns {ScriptedReply}
 */
export function scriptedReply(text, { assistantName, slowToolMs }) {
  switch (intentOf(text)) {
    case 'hello':
      return {
        message:
          `Hello! 👋 I'm the **${assistantName}** assistant.\n\n` +
          'I can check availability and **book an appointment**, look up an *order*, or show you what I can do — just ask for **help**.',
        function_calls: [],
        toolMs: 0,
      };

    case 'book': {
      const slot = /** @type {typeof SLOTS[number]} */ (SLOTS[0]);
      return {
        message:
          "You're booked in! ✅\n\n" +
          '- **When:** Tuesday, 5 March 2030, 09:00–09:45\n' +
          `- **With:** ${slot.dentist.name}\n` +
          '- **Booking:** `APT-20300305-0900`\n\n' +
          "You'll get a reminder by email the day before. Need to change it? Just say *reschedule*.",
        function_calls: [
          {
            name: 'check_calendar_availability',
            arguments: {
              range: { from: '2030-03-04', to: '2030-03-08' },
              service: { type: 'cleaning', duration_minutes: 45 },
              preferences: { time_of_day: ['morning', 'afternoon'], dentist_id: null, accessible_room: false },
            },
            result: { available: true, timezone: 'Europe/Berlin', slots: SLOTS, checked_calendars: 2 },
          },
          {
            name: 'book_appointment',
            arguments: {
              slot: { start: slot.start, end: slot.end, dentist_id: slot.dentist.id },
              patient: { name: 'Guest', contact: { email: null, phone: null }, new_patient: true },
              service: { type: 'cleaning' },
              notes: '',
            },
            result: {
              success: true,
              booking: {
                id: 'APT-20300305-0900',
                status: 'confirmed',
                dentist: slot.dentist,
                reminders: [
                  { channel: 'email', send_at: '2030-03-04T09:00:00+01:00' },
                  { channel: 'sms', send_at: null, enabled: false },
                ],
              },
            },
          },
        ],
        toolMs: 0,
      };
    }

    case 'order': {
      const id = /\d{3,12}/.exec(text)?.[0] ?? '10234';
      return {
        message:
          `Order **#${id}** has shipped 📦\n\n` +
          '1. Electric toothbrush × 1 — €49.90\n' +
          '2. Replacement heads (4 pack) × 2 — €25.80\n\n' +
          'It is with DHL, tracking `JD014600006281234567`, and should arrive on *Friday, 8 March*. ' +
          'Track it on the [DHL website](https://www.dhl.com/).',
        function_calls: [
          {
            name: 'lookup_order',
            arguments: { order_id: id, include: ['items', 'shipping'] },
            result: {
              found: true,
              order: {
                id,
                status: 'shipped',
                placed_at: '2030-03-01T18:22:10Z',
                items: [
                  { sku: 'TB-100', name: 'Electric toothbrush', quantity: 1, price: { amount: 49.9, currency: 'EUR' } },
                  { sku: 'TB-H4', name: 'Replacement heads (4 pack)', quantity: 2, price: { amount: 12.9, currency: 'EUR' } },
                ],
                shipping: { carrier: 'DHL', tracking: 'JD014600006281234567', eta: '2030-03-08', address: { city: 'Berlin', country: 'DE' } },
                total: { amount: 75.7, currency: 'EUR' },
                gift: false,
                coupon: null,
              },
            },
          },
        ],
        toolMs: 0,
      };
    }

    case 'cancel':
      return {
        message:
          "I'm sorry — I couldn't cancel that appointment. Cancellations need at least **24 hours'** notice.\n\n" +
          'Please call the clinic on `+49 30 1234567` and we will sort it out.',
        function_calls: [
          {
            name: 'cancel_appointment',
            arguments: { appointment_id: 'APT-20300305-0900', reason: 'requested_by_patient', notify: { email: true, sms: false } },
            result: {
              success: false,
              error: { code: 'CANCELLATION_WINDOW_CLOSED', message: 'Appointments can only be cancelled at least 24 hours in advance.' },
            },
          },
        ],
        toolMs: 0,
      };

    case 'slow':
      return {
        message:
          'That took a while — I searched the **whole** knowledge base. ' + 'The short answer: our clinics are open *Monday to Friday, 8:00–18:00*.',
        function_calls: [
          {
            name: 'search_knowledge_base',
            arguments: { query: 'opening hours', sources: ['faq', 'policies', 'clinics'], limit: 3 },
            result: {
              matches: [
                { source: 'faq', title: 'Opening hours', score: 0.92 },
                { source: 'clinics', title: 'Mitte clinic', score: 0.71 },
              ],
              took_ms: slowToolMs,
            },
          },
        ],
        toolMs: slowToolMs,
      };

    case 'markdown':
      return {
        message: [
          '## What I can do',
          '',
          "I'm a *scripted* demo assistant. Try one of these:",
          '',
          '1. **Book** an appointment — say *"book a cleaning"*',
          '2. Look up an **order** — say *"where is order 10234?"*',
          '3. **Cancel** an appointment (this one fails on purpose)',
          '4. Ask for something **slow** to watch a long-running tool',
          '',
          '- Bullet lists work too',
          '- with `inline code` inside',
          '',
          'A code block:',
          '',
          '```js',
          'AssistantChat.open();',
          "AssistantChat.send('hello');",
          '```',
          '',
          'More in the [widget documentation](https://example.com/docs/chat-widget).',
        ].join('\n'),
        function_calls: [],
        toolMs: 0,
      };

    case 'sources':
      // Cited sources as assistants write them, with named character references.
      return {
        message:
          'A cleaning costs &euro;80 &ndash; &euro;95 [1], and whitening is booked separately [2] &rarr; ask at the desk.\n\n' +
          'Prices include VAT &times; 1 visit &mdash; see the [price list][prices].\n\n' +
          '[1]: https://clinic.example/prices#cleaning "Cleaning prices"\n' +
          '[2]: https://clinic.example/whitening\n' +
          '[prices]: https://clinic.example/prices',
        function_calls: [],
        toolMs: 0,
      };

    case 'fallback':
      return {
        message:
          "Thanks for your message! I'm a scripted demo assistant, so I only understand a few things: " +
          'try **hello**, **book an appointment**, **order 10234**, **prices**, **cancel**, **slow** or **help**.',
        function_calls: [],
        toolMs: 0,
      };
  }
}
