import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

const renderDialog = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog
      open
      title="Archive Bay View Loft?"
      confirmLabel="Archive listing"
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      It leaves your portfolio; its reservations stay.
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel };
};

describe('ConfirmDialog', () => {
  it('says what will happen, names the action, and starts on Cancel', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Archive Bay View Loft?' });
    expect(dialog).toHaveTextContent('It leaves your portfolio; its reservations stay.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Archive listing' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits while the action runs and shows its failure inside, staying open', async () => {
    const { onConfirm, onCancel } = renderDialog({
      busy: true,
      error: 'This listing changed in another tab. Reload it and try again.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('changed in another tab');
    expect(screen.getByRole('button', { name: 'Archive listing' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
