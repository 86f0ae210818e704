/**
 * The stand-in API's demo assistants (demo/server/assistants.json), as the playground lists them,
 * with their look (`widget_settings`) and the mock website each one is previewed on.
 */
import type { AssistantLook } from './look';

/** A demo assistant the owner can pick with one click. */
export interface DemoAssistant {
  /** The assistant's public UUID. */
  id: string;
  name: string;
  /** One line on what it shows. */
  description: string;
  /** Its `widget_settings` in the fixture, which picking it adopts. */
  look: AssistantLook;
  /** The mock customer website the widget floats on in the preview. */
  site: MockSite;
}

/** The content of the mock customer website in the preview. */
export interface MockSite {
  brand: string;
  domain: string;
  nav: readonly string[];
  headline: string;
  lead: string;
  cta: string;
  features: readonly { title: string; text: string }[];
}

/** An assistant UUID no assistant has: the stand-in answers 404. */
export const UNKNOWN_ASSISTANT_ID = '00000000-0000-4000-8000-000000000000';

const GENERIC_SITE: MockSite = {
  brand: 'Your website',
  domain: 'www.your-site.example',
  nav: ['Products', 'Pricing', 'About', 'Contact'],
  headline: 'Your page, with the chat in the corner',
  lead: 'This is a stand-in for a customer’s website. The chat widget floats on top of it exactly as it would on theirs.',
  cta: 'Get started',
  features: [
    { title: 'One script tag', text: 'Paste the snippet before </body>. No build step.' },
    { title: 'Stays out of the way', text: 'A shadow root keeps the page’s CSS and the widget’s apart.' },
    { title: 'Free to try', text: 'The playground uses free test conversations.' },
  ],
};

/** The three assistants the stand-in API knows, in the order the page lists them. */
export const DEMO_ASSISTANTS: readonly [DemoAssistant, DemoAssistant, DemoAssistant] = [
  {
    id: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10',
    name: 'Northwind Dental',
    description: 'Greets by {{name}}, books appointments with tools.',
    look: { theme: 'light', color: '#0f766e', position: 'bottom-right' },
    site: {
      brand: 'Northwind Dental',
      domain: 'www.northwind-dental.example',
      nav: ['Treatments', 'Our team', 'Prices', 'Visit us'],
      headline: 'Gentle dentistry, on your schedule',
      lead: 'Check-ups, hygiene and emergency care in the heart of town. Ask our assistant for a time that suits you.',
      cta: 'Book a visit',
      features: [
        { title: 'Open late', text: 'Mon–Thu until 8 pm, Saturdays until 2 pm.' },
        { title: 'Emergency slots', text: 'Same-day appointments for pain and injuries.' },
        { title: 'All ages', text: 'From first teeth to implants.' },
      ],
    },
  },
  {
    id: '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01',
    name: 'Quiet helper',
    description: 'No greeting: the chat starts empty.',
    look: { theme: 'dark', color: '#4f46e5', position: 'bottom-left' },
    site: {
      ...GENERIC_SITE,
      brand: 'Fieldnotes',
      domain: 'www.fieldnotes.example',
      nav: ['Journal', 'Guides', 'Newsletter'],
      headline: 'Notes from the field, every week',
      lead: 'Long reads on tools, travel and the craft of paying attention.',
      cta: 'Subscribe',
    },
  },
  {
    id: 'c91d5e27-6f4b-4a3e-8d12-9b0e7a6c5d02',
    name: 'Unfunded shop',
    description: 'The owner’s balance is empty: billed chats are refused.',
    look: { theme: 'light', color: '#b45309', position: 'bottom-right' },
    site: {
      ...GENERIC_SITE,
      brand: 'Tidy Goods',
      domain: 'shop.tidy-goods.example',
      nav: ['New in', 'Kitchen', 'Bath', 'Sale'],
      headline: 'Small things that make a home calmer',
      lead: 'Everyday objects, carefully made. Free returns for 60 days.',
      cta: 'Shop the collection',
    },
  },
];

/** The demo assistant with this UUID, if it is one. */
export function findDemoAssistant(id: string): DemoAssistant | undefined {
  const wanted = id.trim().toLowerCase();
  return DEMO_ASSISTANTS.find((assistant) => assistant.id === wanted);
}

/**
 * The mock website to preview an assistant on: its own for the demo assistants, a generic one otherwise,
 * named after the assistant when its name is known (one of the owner's own).
 */
export function siteFor(id: string, name?: string): MockSite {
  const demo = findDemoAssistant(id);
  if (demo) return demo.site;
  return name ? { ...GENERIC_SITE, brand: name } : GENERIC_SITE;
}
