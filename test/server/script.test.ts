// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { intentOf, scriptedReply } from '../../demo/server/script.mjs';

const context = { assistantName: 'Northwind Dental', slowToolMs: 8000 };

describe('the scripted assistant', () => {
  it.each([
    ['Hello!', 'hello'],
    ['hi there', 'hello'],
    ['HI', 'hello'],
    ['this thing', 'fallback'],
    ['I want to Book a cleaning', 'book'],
    ['Any availability on Monday?', 'book'],
    ['my appointment', 'book'],
    ['Cancel my appointment', 'cancel'],
    ['Where is my ORDER?', 'order'],
    ['slow please', 'slow'],
    ['show me markdown', 'markdown'],
    ['help', 'markdown'],
    ['What are your prices? Sources please', 'sources'],
    ['What is the weather?', 'fallback'],
  ])('reads %j as the %s intent', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it('gives the same reply to the same message every time', () => {
    for (const text of ['hello', 'book', 'order 1234', 'cancel', 'slow', 'help', 'anything']) {
      expect(scriptedReply(text, context)).toEqual(scriptedReply(text, context));
    }
  });

  it('runs the slow tool for slowToolMs and reports it', () => {
    const reply = scriptedReply('slow', { ...context, slowToolMs: 1234 });
    expect(reply.toolMs).toBe(1234);
    expect(reply.function_calls[0]?.result).toMatchObject({ took_ms: 1234 });
    expect(scriptedReply('hello', context).toolMs).toBe(0);
  });

  it('echoes nothing the visitor typed but the digits of an order number', () => {
    const hostile = '<script>alert(1)</script> order 98765 <img src=x onerror=alert(2)>';
    const reply = scriptedReply(hostile, context);
    expect(reply.message).toContain('#98765');
    expect(JSON.stringify(reply)).not.toMatch(/script|onerror/);
    expect(JSON.stringify(scriptedReply('<b>what</b> javascript:alert(1)', context))).not.toMatch(/<b>|javascript/);
  });

  it('writes its help in markdown: heading, lists, bold, italic, inline code, code block and link', () => {
    const { message } = scriptedReply('help', context);
    expect(message).toMatch(/^## /m);
    expect(message).toMatch(/^1\. /m);
    expect(message).toMatch(/^- /m);
    expect(message).toMatch(/\*\*\w+\*\*/);
    expect(message).toMatch(/(^|[^*])\*[^*\s][^*]*\*/);
    expect(message).toMatch(/`[^`\n]+`/);
    expect(message).toMatch(/^```js\n[\s\S]+\n```$/m);
    expect(message).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
  });
});
