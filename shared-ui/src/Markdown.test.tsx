// The portal's Markdown subset is rendered as React elements: what a host writes can format the
// text, never inject markup or script, and links go only to web and mail addresses, in a new tab.
import { render, screen } from '@testing-library/react';
import { Markdown, safeHref } from './Markdown';

it('renders paragraphs, line breaks, bold, italic and bullet lists', () => {
  const { container } = render(
    <Markdown
      source={
        'Please read the **house rules** and *accept* them.\nThank you.\n\n- No parties\n- Quiet after **22:00**\n\nEnjoy!'
      }
    />,
  );
  const paragraphs = container.querySelectorAll('p');
  expect(paragraphs).toHaveLength(2);
  expect(paragraphs[0]?.querySelector('strong')).toHaveTextContent('house rules');
  expect(paragraphs[0]?.querySelector('em')).toHaveTextContent('accept');
  expect(paragraphs[0]?.querySelector('br')).not.toBeNull();
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'No parties',
    'Quiet after 22:00',
  ]);
  expect(screen.getByText('22:00').tagName).toBe('STRONG');
  expect(paragraphs[1]).toHaveTextContent('Enjoy!');
});

it('shows HTML as written instead of interpreting it', () => {
  const { container } = render(
    <Markdown
      source={'<img src=x onerror="alert(1)"> and <script>alert(2)</script> **<b>hi</b>**'}
    />,
  );
  expect(container.querySelector('img, script, b')).toBeNull();
  expect(container).toHaveTextContent(
    '<img src=x onerror="alert(1)"> and <script>alert(2)</script>',
  );
  expect(container.querySelector('strong')).toHaveTextContent('<b>hi</b>');
});

it('opens a web link in a new tab without this page or its address, and leaves any other as text', () => {
  render(
    <Markdown
      source={
        'See the [parking map](https://example.com/map?x=1) or [mail us](mailto:host@example.com). [Click](javascript:alert(1)) [here](data:text/html,hi) [there](/guest/other)'
      }
    />,
  );
  const map = screen.getByRole('link', { name: 'parking map' });
  expect(map).toHaveAttribute('href', 'https://example.com/map?x=1');
  expect(map).toHaveAttribute('target', '_blank');
  expect(map).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByRole('link', { name: 'mail us' })).toHaveAttribute(
    'href',
    'mailto:host@example.com',
  );
  expect(screen.getAllByRole('link')).toHaveLength(2);
  expect(screen.getByText(/\[Click\]\(javascript:alert\(1\)\)/)).toBeInTheDocument();
  expect(screen.getByText(/\[here\]\(data:text\/html,hi\)/)).toBeInTheDocument();
});

it('accepts only http, https and mailto addresses', () => {
  expect(safeHref('https://example.com')).toBe('https://example.com/');
  expect(safeHref('http://example.com/a')).toBe('http://example.com/a');
  expect(safeHref(' JavaScript:alert(1)')).toBeNull();
  expect(safeHref('vbscript:x')).toBeNull();
  expect(safeHref('//evil.example')).toBeNull();
  expect(safeHref('/relative')).toBeNull();
});
