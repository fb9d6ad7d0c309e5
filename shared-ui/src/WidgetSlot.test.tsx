import { render, screen } from '@testing-library/react';
import type { WidgetRequest } from '@hostdash/shared-auth';
import { WidgetHostProvider, WidgetSlot } from './WidgetSlot';

const request: WidgetRequest = {
  app: 'guestportal',
  name: 'screensWidget',
  props: { listingId: '7' },
  unavailable: 'Guest portal settings are temporarily unavailable',
  label: 'Guest portal screens',
};

it('renders the shell’s host with the page’s request', () => {
  const host = ({ name, props }: WidgetRequest) => (
    <p>
      {name} for {String(props.listingId)}
    </p>
  );
  render(
    <WidgetHostProvider host={host}>
      <WidgetSlot {...request} />
    </WidgetHostProvider>,
  );
  expect(screen.getByText('screensWidget for 7')).toBeInTheDocument();
});

it('says the widget is unavailable when there is no shell (a remote run alone)', () => {
  render(<WidgetSlot {...request} />);
  expect(screen.getByRole('region', { name: 'Guest portal screens' })).toHaveTextContent(
    'Guest portal settings are temporarily unavailable',
  );
});
