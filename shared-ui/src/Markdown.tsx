// The guest portal's Markdown subset (the API's TEXT_FORMAT): a blank line starts a paragraph, lines
// starting with `- ` make a bullet list, `**bold**`, `*italic*`, `[words](https://…)`. Rendered
// as React elements, never as HTML: whatever else a host writes (tags included) shows as written.
// A link opens in a new tab, without access to this page (noopener) or its address (noreferrer:
// the guest's token is in it), and only to a web or mail address.
import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';

type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; children: Inline[] }
  | { kind: 'italic'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type MarkdownBlock =
  { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const SAFE_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/** The address of a link the portal may open; null for anything else (javascript:, data:, relative). */
export function safeHref(target: string): string | null {
  try {
    const url = new URL(target.trim());
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// The first thing inline that is not plain text: a link, bold or italic.
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*/;

export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      parts.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) parts.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, words, target, bold, italic] = match;
    if (words !== undefined && target !== undefined) {
      const href = safeHref(target);
      // A link to anywhere else is shown as written.
      parts.push(
        href ? { kind: 'link', href, children: parseInline(words) } : { kind: 'text', text: whole },
      );
    } else if (bold !== undefined) {
      parts.push({ kind: 'bold', children: parseInline(bold) });
    } else if (italic !== undefined) {
      parts.push({ kind: 'italic', children: parseInline(italic) });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return parts;
}

const BULLET = /^\s*- /;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length)
        blocks.push({ kind: 'paragraph', lines: paragraph.map((line) => parseInline(line)) });
      if (items.length)
        blocks.push({ kind: 'list', items: items.map((item) => parseInline(item)) });
      paragraph = [];
      items = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        if (paragraph.length) flush();
        items.push(line.replace(BULLET, ''));
      } else {
        if (items.length) flush();
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

function renderInline(parts: Inline[]): ReactNode[] {
  return parts.map((part, index) => {
    if (part.kind === 'text') return part.text;
    if (part.kind === 'bold') return <strong key={index}>{renderInline(part.children)}</strong>;
    if (part.kind === 'italic') return <em key={index}>{renderInline(part.children)}</em>;
    return (
      <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {renderInline(part.children)}
      </Link>
    );
  });
}

/**
 * A screen's text or a message to a guest (any text in the portal's subset) as the guest reads
 * it: the guest's page, the screen editor's preview and the host's messages all render this one.
 */
export function Markdown({
  source,
  dense = false,
}: {
  source: string;
  /** Smaller type and gaps, for a message in a host's list. */
  dense?: boolean;
}) {
  const variant = dense ? 'body2' : 'body1';
  const gap = dense ? 1 : 2;
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& > :last-child': { mb: 0 } }}>
      {parseMarkdown(source).map((block, index) =>
        block.kind === 'list' ? (
          <Box component="ul" key={index} sx={{ pl: 3, mt: 0, mb: gap }}>
            {block.items.map((item, itemIndex) => (
              <Typography component="li" variant={variant} key={itemIndex} sx={{ mb: 0.5 }}>
                {renderInline(item)}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography key={index} variant={variant} sx={{ mb: gap }}>
            {block.lines.map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 && <br />}
                {renderInline(line)}
              </span>
            ))}
          </Typography>
        ),
      )}
    </Box>
  );
}
