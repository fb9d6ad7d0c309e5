// The two ways to see reservations, as one control in the page header: the list (search, filters,
// sorting) and the calendar (a month by listing). Each is its own address, so either can be
// bookmarked and Back returns to the other.
import { useNavigate } from 'react-router';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';

const ADDRESSES = { list: '/reservations', calendar: '/reservations?view=calendar' } as const;
type View = keyof typeof ADDRESSES;

export function ReservationsViewSwitch({ view }: { view: View }) {
  const navigate = useNavigate();
  return (
    <ToggleButtonGroup
      value={view}
      exclusive
      size="small"
      aria-label="Show reservations as"
      onChange={(_event, next: View | null) => {
        if (next && next !== view) navigate(ADDRESSES[next]);
      }}
    >
      <ToggleButton value="list">List</ToggleButton>
      <ToggleButton value="calendar">Calendar</ToggleButton>
    </ToggleButtonGroup>
  );
}
