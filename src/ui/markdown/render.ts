/**
 * Parsed markdown blocks to Preact children. Every block gets its own text direction (`dir="auto"`), so a
 * reply that mixes Arabic or Hebrew paragraphs with English ones lays out each the way it reads.
 */
import { h, type ComponentChildren } from 'preact';
import { CodeBlock, type CodeBlockStrings } from '../CodeBlock';
import { tableCells, type Block } from './blocks';
import { renderInline } from './inline';

/** A block's children; inside a tight list item, paragraphs are bare text. */
function renderBlocks(blocks: Block[], strings: CodeBlockStrings, tight = false): ComponentChildren[] {
  return blocks.map((block) => renderBlock(block, strings, tight));
}

function renderBlock(block: Block, strings: CodeBlockStrings, tight: boolean): ComponentChildren {
  switch (block.type) {
    case 'paragraph': {
      const children = renderInline(block.lines.join('\n'));
      return tight ? children : h('p', { dir: 'auto' }, children);
    }
    case 'heading': {
      // Every level is an h3 under the panel's h2, so the outline never skips a level; an empty one is left out.
      const children = renderInline(block.lines.join('\n'));
      return children.length ? h('h3', { dir: 'auto' }, children) : null;
    }
    case 'rule':
      return h('hr', null);
    case 'code':
      return h(CodeBlock, { code: block.lines.map((line) => `${line}\n`).join(''), info: block.info, strings });
    case 'quote':
      return h('blockquote', { dir: 'auto' }, renderBlocks(block.children, strings));
    case 'list': {
      const { ordered, start } = block.marker!;
      const items = block.children.map((item) => h('li', { dir: 'auto' }, renderBlocks(item.children, strings, block.tight)));
      return h(ordered ? 'ol' : 'ul', { dir: 'auto', start: ordered && start !== 1 ? start : undefined }, items);
    }
    case 'table':
      return renderTable(block);
    case 'document':
    case 'item':
      return renderBlocks(block.children, strings);
    default:
      return block.type satisfies never;
  }
}

/** A pipe table: header cells, aligned columns, and a scroller of its own so a wide table never widens the bubble. */
function renderTable({ lines, align = [] }: Block): ComponentChildren {
  const [header = [], ...rows] = lines.map(tableCells);
  const cell = (tag: 'th' | 'td', text: string | undefined, column: number) =>
    h(tag, { dir: 'auto', class: align[column] && `align-${align[column]}` }, renderInline(text ?? ''));
  return h(
    'div',
    // Focusable, so keyboard users can scroll a table wider than the bubble.
    { class: 'table-scroll', tabIndex: 0 },
    h(
      'table',
      null,
      h('thead', null, h('tr', null, header.map((text, column) => cell('th', text, column)))),
      // A row with fewer cells than the header is filled up; one with more keeps them (nothing is dropped).
      rows.length > 0 &&
        h('tbody', null, rows.map((row) => h('tr', null, (row.length > header.length ? row : header).map((_, column) => cell('td', row[column], column))))),
    ),
  );
}

/** Parsed blocks to children. */
export function renderDocument(document: Block, strings: CodeBlockStrings): ComponentChildren {
  return renderBlocks(document.children, strings);
}
