import { render, screen } from '@testing-library/react';
import { FORM_PAGE_WIDTH } from '@hostdash/shared-auth';
import { ShellPageFrame } from './ShellPageFrame';
import { keepStyles } from '@hostdash/testing/styles';

// The frame's width and margins are CSS.
keepStyles();

it("puts the shell's own pages in the page kit's form frame: left-aligned, one readable width", () => {
  render(
    <ShellPageFrame title="Page not found">
      <p>What to do next.</p>
    </ShellPageFrame>,
  );
  const title = screen.getByRole('heading', { level: 1, name: 'Page not found' });
  const frame = title.closest('[data-page-width]') as HTMLElement;
  expect(frame).toHaveAttribute('data-page-width', 'form');
  expect(getComputedStyle(frame).maxWidth).toBe(`${FORM_PAGE_WIDTH}px`);
  expect(getComputedStyle(frame).marginLeft).not.toBe('auto');
  expect(getComputedStyle(frame).marginRight).toBe('auto');
  expect(frame).toHaveTextContent('What to do next.');
});
